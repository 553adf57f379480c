import type { FastifyServerOptions } from 'fastify';

/**
 * The server's log output: readable coloured lines (pino-pretty) when stdout is a terminal, one JSON
 * object a line otherwise (files, journald, log collectors).
 */
export function loggerOptions(
  level: string,
  isTerminal: boolean = process.stdout.isTTY === true,
): NonNullable<FastifyServerOptions['logger']> {
  if (!isTerminal) return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  };
}
