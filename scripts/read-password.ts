/**
 * Reads a password without echoing it: from a terminal, typed twice (like Django's
 * createsuperuser); otherwise the first line of standard input, for scripts.
 */
import readline from 'node:readline';
import { AdministratorError } from '../server/src/auth/administrators.js';

export async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return firstLine();
  const first = await prompt('Password: ');
  const again = await prompt('Password (again): ');
  if (first !== again)
    throw new AdministratorError('The two passwords differ: nothing was changed.');
  return first;
}

async function firstLine(): Promise<string> {
  const lines = readline.createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

/** Raw terminal input: keys are read one by one and nothing is written back. */
function prompt(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  let typed = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: string) => {
      for (const key of chunk) {
        if (key === '\r' || key === '\n') {
          finish();
          return resolve(typed);
        }
        if (key === '\u0003') {
          finish();
          return reject(new AdministratorError('Interrupted: nothing was changed.'));
        }
        if (key === '\u007f' || key === '\b') typed = typed.slice(0, -1);
        else typed += key;
      }
    };
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
    };
    stdin.on('data', onData);
  });
}
