// n8n's verification scanner (@n8n/scan-community-package) run here, before publishing: the
// lint it applies to a published version, with its own configuration and plugin versions,
// over the two things it lints — the source tree (package.json, nodes/, credentials/) and
// the JavaScript and package.json of the packed tarball. Its provenance check and its
// download from the registry are left out (they need a published version; CI of the publish
// workflow gives the provenance). Prints "ok - …" / "not ok - …" per part and the
// scanner's findings; exits non-zero on any finding.
//
//   node scripts/scan-lint.mjs <source folder> <unpacked tarball folder>
import path from 'node:path';

import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const [sourceDir, packageDir] = process.argv.slice(2).map((dir) => dir && path.resolve(dir));
if (!sourceDir || !packageDir) {
	console.error('usage: node scripts/scan-lint.mjs <source folder> <unpacked tarball folder>');
	process.exit(2);
}

let failed = 0;
for (const [what, dir, patterns] of [
	['the sources (package.json, nodes/, credentials/)', sourceDir, SOURCE_FILE_PATTERNS],
	["the packed tarball's JavaScript and package.json", packageDir, ['**/*.js', 'package.json']],
]) {
	const result = await analyzePackage(dir, patterns);
	if (result.passed && result.message !== 'No files found to analyze') {
		console.log(`ok - n8n's scanner finds nothing in ${what}`);
	} else {
		failed++;
		console.log(`not ok - n8n's scanner in ${what}: ${result.message ?? 'no files'}`);
		if (result.details) console.log(result.details);
	}
}
process.exitCode = failed > 0 ? 1 : 0;
