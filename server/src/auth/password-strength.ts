/**
 * The strength check of a password chosen for an administrator (ADMIN_PASSWORD at start,
 * `npm run create-admin`, a set-password link, a change of one's own): at least 12 characters
 * (common/password-rule.ts), zxcvbn-ts with its common and English dictionaries, score 3 or more
 * ("safely unguessable"), never one of the demo passwords published in the README.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { passwordLengthProblem } from '../../../common/password-rule.js';

const DEMO_PASSWORDS: ReadonlySet<string> = new Set([
  'admin1234',
  'support1234',
  'finance1234',
  'content1234',
  'viewer1234',
  'owner1234',
]);
const MIN_SCORE = 3;

let zxcvbn: Promise<ZxcvbnFactory> | undefined;

/** The estimator, loaded on first use: its dictionaries cost every start that checks no password. */
function estimator(): Promise<ZxcvbnFactory> {
  zxcvbn ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
  })();
  return zxcvbn;
}

/** Why the password is refused, in one sentence a person can act on; undefined when it is fine. */
export async function weakPasswordReason(
  password: string,
  email = '',
): Promise<string | undefined> {
  if (DEMO_PASSWORDS.has(password)) {
    return 'This password is one of the demo passwords published in the README: choose another.';
  }
  const short = passwordLengthProblem(password);
  if (short) return `This password is too short. ${short}`;
  const result = (await estimator()).check(
    password,
    [email, ...email.split(/[@.]/)].filter(Boolean),
  );
  if (result.score >= MIN_SCORE) return undefined;
  const hint = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  return `This password is too easy to guess${hint ? ` (${hint})` : ''}: use a longer one, for example four or five unrelated words.`;
}
