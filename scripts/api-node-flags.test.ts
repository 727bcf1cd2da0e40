// The API's Node flags are written out where a module cannot be imported (the Dockerfile, package.json's
// `start:api`): both must say what scripts/api-node-flags.mjs says, and the limit must hold in a process
// started with them.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_NODE_FLAGS, apiNodeOptions } from './api-node-flags.mjs';

const root = resolve(import.meta.dirname, '..');

describe('the API process Node flags', () => {
  it('the container sets them as NODE_OPTIONS', () => {
    const dockerfile = readFileSync(resolve(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain(`NODE_OPTIONS="${API_NODE_FLAGS.join(' ')}"`);
  });

  it('npm run start:api passes them to node', () => {
    const { scripts } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
    expect(scripts['start:api']).toBe(`node ${API_NODE_FLAGS.join(' ')} dist/api/server.js`);
  });

  it('a process started with them in NODE_OPTIONS, as the stack and the container start the API, has a heap limit of about 512 MB', () => {
    const { stdout } = spawnSync(
      process.execPath,
      ['-e', 'console.log(require("node:v8").getHeapStatistics().heap_size_limit)'],
      { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: apiNodeOptions('--no-warnings') } },
    );
    const mb = Number(stdout.trim()) / 1024 / 1024;
    expect(mb).toBeGreaterThanOrEqual(512);
    expect(mb).toBeLessThan(640);
  });
});
