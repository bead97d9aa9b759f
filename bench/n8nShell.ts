import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/**
 * A runner of scripts/n8n-runtime.sh commands for an n8n user folder `home`, ports looked for
 * from `ports` ("<port> <task broker port>"): stdout, stderr and the exit code of each.
 */
export function n8nShell(home: string, ports: string) {
	return async (
		script: string,
		env: Record<string, string> = {},
	): Promise<{ stdout: string; stderr: string; code: number }> =>
		await new Promise((resolve) => {
			const child = spawn(
				'bash',
				[
					'-c',
					`source scripts/n8n-runtime.sh && n8n_env "${home}" ${ports} >/dev/null && ${script}`,
				],
				{ cwd: root, env: { ...process.env, ...env } },
			);
			let stdout = '';
			let stderr = '';
			child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
			child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
			child.on('close', (code) => resolve({ stdout, stderr, code: code ?? 1 }));
		});
}
