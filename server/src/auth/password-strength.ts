/**
 * The strength check of a password an operator chooses for an administrator (ADMIN_PASSWORD at
 * start, `npm run create-admin`): zxcvbn-ts with its common and English dictionaries, score 3 or
 * more ("safely unguessable"), never one of the demo passwords published in the README.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

export const DEMO_PASSWORDS: ReadonlySet<string> = new Set([
  'admin1234',
  'support1234',
  'owner1234',
]);
export const MIN_SCORE = 3;

let zxcvbn: ZxcvbnFactory | undefined;

/** Why the password is refused, in one sentence a person can act on; undefined when it is fine. */
export function weakPasswordReason(password: string, email = ''): string | undefined {
  if (DEMO_PASSWORDS.has(password)) {
    return 'This password is one of the demo passwords published in the README: choose another.';
  }
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  const result = zxcvbn.check(password, [email, ...email.split(/[@.]/)].filter(Boolean));
  if (result.score >= MIN_SCORE) return undefined;
  const hint = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  return `This password is too easy to guess${hint ? ` (${hint})` : ''}: use a longer one, for example four or five unrelated words.`;
}
