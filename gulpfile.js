/**
 * Build: TypeScript to dist/, then the files n8n loads beside the compiled nodes (icons,
 * codex .node.json) and fast-xml-parser's self-contained bundle in place of the compiled
 * re-export, so the published package runs with no runtime dependency.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { dest, parallel, series, src } = require('gulp');

const distDir = path.join(__dirname, 'dist');

function clean(done) {
	fs.rmSync(distDir, { recursive: true, force: true });
	fs.rmSync(path.join(__dirname, 'tsconfig.tsbuildinfo'), { force: true });
	done();
}

function compile(done) {
	execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json'], {
		stdio: 'inherit',
	});
	done();
}

function icons() {
	return src(['nodes/**/*.svg', 'nodes/**/*.png', 'credentials/**/*.svg'], {
		base: '.',
		encoding: false,
	}).pipe(dest(distDir));
}

function codex() {
	return src('nodes/**/*.node.json', { base: '.' }).pipe(dest(distDir));
}

function bundleXmlLibrary(done) {
	// The package's require entry is its bundle (lib/fxp.cjs), with its own dependencies inlined.
	const bundle = require.resolve('fast-xml-parser');
	const target = path.join(distDir, 'nodes/shared/xml/vendor/fast-xml-parser.js');
	fs.mkdirSync(path.dirname(target), { recursive: true });
	fs.copyFileSync(bundle, target);
	fs.rmSync(`${target}.map`, { force: true });
	done();
}

exports.clean = clean;
exports.build = series(clean, compile, parallel(icons, codex, bundleXmlLibrary));
exports.default = exports.build;
