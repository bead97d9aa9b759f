/**
 * The test CA (test/fixtures/tls/ca.crt) trusted by every TLS client of the test process, as
 * the service's own CA is by a user's n8n: the "valid chain" case of the HTTPS tests. Set here,
 * by jest's own configuration (jest.config.js, setupFiles), so `npx jest` trusts it as
 * `npm test` does, with no NODE_EXTRA_CA_CERTS. Done once per process, whatever the number of
 * test files: Node 22 and 24 add it to the process's default CA list
 * (tls.setDefaultCACertificates); an older Node (a machine's own, under `npx jest`) has no such
 * call, so there it is added to every TLS context made without a CA list of its own, which is
 * what the default list is for.
 */
const fs = require('node:fs');
const path = require('node:path');
const tls = require('node:tls');

const TRUSTED = Symbol.for('n8n-nodes-estate-broker.testCertificateAuthority');

if (!tls[TRUSTED]) {
	const ca = fs.readFileSync(path.join(__dirname, '../fixtures/tls/ca.crt'), 'utf8');
	if (typeof tls.setDefaultCACertificates === 'function') {
		tls.setDefaultCACertificates([...tls.getCACertificates('default'), ca]);
	} else {
		const createSecureContext = tls.createSecureContext;
		tls.createSecureContext = function withTestCa(options = {}) {
			const context = createSecureContext.call(this, options);
			if (!options.ca) context.context.addCACert(ca);
			return context;
		};
	}
	tls[TRUSTED] = true;
}
