import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderNginxConf } from './cluster.js';

// docs/deploy.md shows the deployment files as they are: the ones the cluster test runs.
const doc = fs.readFileSync('docs/deploy.md', 'utf8');
const block = (lang: string) => [...doc.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\\n\`\`\``, 'g'))].map((m) => m[1]);

describe('docs/deploy.md', () => {
  it('shows deploy/nginx.conf, the systemd unit and the environment exactly as the files are', () => {
    expect(block('nginx')).toEqual([fs.readFileSync('deploy/nginx.conf', 'utf8').trimEnd()]);
    expect(block('ini')).toEqual([fs.readFileSync('deploy/contrail@.service', 'utf8').trimEnd()]);
    expect(block('sh')).toContain(fs.readFileSync('deploy/contrail.env.example', 'utf8').trimEnd());
  });

  it('renders the nginx file for a test run: its ports in place of 80 and 3001–3003, nothing else changed', () => {
    const conf = fs.readFileSync('deploy/nginx.conf', 'utf8');
    const out = renderNginxConf(conf, 8080, [4001, 4002]);
    expect(out).toContain('    server 127.0.0.1:4001 max_fails=0;\n    server 127.0.0.1:4002 max_fails=0;\n    keepalive 32;');
    expect(out).not.toContain(':3001');
    expect(out).toContain('listen 127.0.0.1:8080;');
    expect(out.replace(/ {4}server 127\.0\.0\.1:400\d.*\n/g, '').replace('127.0.0.1:8080', '80')).toBe(
      conf.replace(/ {4}server 127\.0\.0\.1:300\d.*\n/g, ''),
    );
  });
});
