import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Finds secret-looking literals in source text: private keys, cloud and provider keys, JWTs,
 * connection strings with a password, and long random-looking values given to a name such as
 * key, secret, password or token.
 */
export interface Finding {
  file: string;
  line: number;
  rule: string;
  text: string;
}

interface Rule {
  name: string;
  pattern: RegExp;
  /** The part of the match that must look random (group 1), for the assignment rules. */
  random?: boolean;
}

const secretName = String.raw`[A-Za-z0-9_]*(?:key|secret|passw(?:or)?d|pwd|token|credential|salt|signature)[A-Za-z0-9_]*`;

const rules: readonly Rule[] = [
  { name: 'private key', pattern: /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY(?: BLOCK)?-----/g },
  { name: 'AWS access key id', pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}\b/g },
  {
    name: 'provider token',
    pattern:
      /\b(?:sk_live_[0-9A-Za-z]{16,}|rk_live_[0-9A-Za-z]{16,}|gh[pousr]_[0-9A-Za-z]{36,}|github_pat_[0-9A-Za-z_]{40,}|xox[abprs]-[0-9A-Za-z-]{10,}|AIza[0-9A-Za-z_-]{35}|npm_[0-9A-Za-z]{36})\b/g,
  },
  { name: 'JWT', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g },
  {
    name: 'connection string with a password',
    pattern: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:@/'"`]+:([^\s@/'"`]+)@[^\s'"`]+/gi,
    random: false,
  },
  // name = 'value', name: "value", NAME=value (env files), "name": "value" (JSON)
  {
    name: 'random value given to a secret name',
    pattern: new RegExp(String.raw`\b${secretName}["']?\s*[:=]\s*["'\x60]?([A-Za-z0-9+/_=.-]{20,})["'\x60]?`, 'gi'),
    random: true,
  },
];

/** Shannon entropy in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / text.length) * Math.log2(count / text.length);
  return bits;
}

/** Long hex (a 128-bit key or more) or a long base64-like value mixing letters and digits with high entropy. */
export function looksRandom(value: string): boolean {
  if (/^[0-9a-f]{32,}$/i.test(value)) return true;
  if (value.length < 24 || !/[0-9]/.test(value) || !/[a-z]/.test(value) || !/[A-Z]/.test(value)) return false;
  return entropy(value) >= 4;
}

/** A known non-secret: the file (or '*'), the exact text that matched, and why it is not a secret. */
export interface Allowed {
  file: string;
  text: string;
  reason: string;
}

export function scanText(file: string, text: string, allowlist: readonly Allowed[] = []): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    for (const match of text.matchAll(rule.pattern)) {
      const value = match[1];
      if (rule.random === true && (!value || !looksRandom(value))) continue;
      if (rule.name === 'connection string with a password' && value && /^(?:\$\{?[A-Z_]+\}?|\*+|<[^>]+>|x+|\.\.\.)$/i.test(value))
        continue;
      const allowed = allowlist.some((entry) => (entry.file === '*' || entry.file === file) && match[0].includes(entry.text));
      if (allowed) continue;
      const line = text.slice(0, match.index).split('\n').length;
      findings.push({ file, line, rule: rule.name, text: match[0].slice(0, 120) });
    }
  }
  return findings;
}

/** The repository's files that git tracks or would add (untracked but not ignored): what a commit can carry. */
export function repositoryFiles(root: string): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.split('\0').filter(Boolean);
}

const MAX_BYTES = 5 * 1024 * 1024;

/** Scans each text file (binary and missing files are skipped); `root` makes paths relative. */
export function scanFiles(
  root: string,
  files: readonly string[],
  allowlist: readonly Allowed[] = [],
): { findings: Finding[]; scanned: number } {
  const findings: Finding[] = [];
  let scanned = 0;
  for (const file of files) {
    const path = join(root, file);
    let size: number;
    try {
      size = statSync(path).size;
    } catch {
      continue; // deleted in the work tree
    }
    if (size > MAX_BYTES) continue;
    const bytes = readFileSync(path);
    if (bytes.includes(0)) continue; // binary (spreadsheets, images)
    scanned += 1;
    findings.push(...scanText(file, bytes.toString('utf8'), allowlist));
  }
  return { findings, scanned };
}
