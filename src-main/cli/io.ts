export interface CliIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

export const processIo: CliIo = {
  stdout: (s) => process.stdout.write(s.endsWith('\n') ? s : `${s}\n`),
  stderr: (s) => process.stderr.write(s.endsWith('\n') ? s : `${s}\n`),
};

export const printJson = (io: CliIo, value: unknown): void => io.stdout(JSON.stringify(value, null, 2));
