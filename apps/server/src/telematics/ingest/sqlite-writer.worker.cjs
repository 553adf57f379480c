'use strict';
// The SQLite ingest's writer thread (see sqlite-writer.ts): one connection of its own, statements
// prepared from the texts it is given, one transaction a message. Positions and states arrive as
// column-packed Float64Arrays (NaN for null), the positions' extra texts beside them by row.
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);

const { sql, chunk } = workerData;
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
// FULL, as the main connection (db/connection.ts): a report is acknowledged after its commit is synced.
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
// A long transaction of the API on the main connection holds the write lock: wait for it.
db.pragma('busy_timeout = 30000');
for (const pragma of workerData.pragmas) db.pragma(pragma);

const begin = db.prepare('begin immediate');
const commit = db.prepare('commit');
const rollback = db.prepare('rollback');
const positions = db.prepare(sql.positions);
const position = db.prepare(sql.position);
const states = db.prepare(sql.states);
const state = db.prepare(sql.state);
const online = db.prepare(sql.online);
const trackStatements = new Map();

/** Rows of `values` (`width` numbers a row, `texts` as one more column when given). */
function runRows(values, width, texts, many, one) {
  const columns = texts ? width + 1 : width;
  const rows = values.length / width;
  const fill = (row, out, at) => {
    const base = row * width;
    for (let c = 0; c < width; c++) {
      const v = values[base + c];
      out[at + c] = Number.isNaN(v) ? null : v;
    }
    if (texts) out[at + width] = texts[row] ?? null;
  };
  let i = 0;
  if (rows >= chunk) {
    const params = new Array(chunk * columns);
    for (; i + chunk <= rows; i += chunk) {
      for (let j = 0; j < chunk; j++) fill(i + j, params, j * columns);
      many.run(params);
    }
  }
  const single = new Array(columns);
  for (; i < rows; i++) {
    fill(i, single, 0);
    one.run(single);
  }
}

/** The same loop as SqliteTrackWriter.run. */
function runTrackOps(ops) {
  const ids = [];
  for (const op of ops) {
    let statement = trackStatements.get(op.sql);
    if (!statement) {
      statement = db.prepare(op.sql);
      trackStatements.set(op.sql, statement);
    }
    const params = op.idFrom === undefined ? op.params : { ...op.params, id: ids[op.idFrom] };
    const result = statement.run(params);
    if (op.insert !== undefined) ids[op.insert] = Number(result.lastInsertRowid);
  }
  return ids;
}

parentPort.on('message', (m) => {
  if (m.close) {
    db.close();
    parentPort.close();
    return;
  }
  if (m.pragma !== undefined) {
    parentPort.postMessage({ seq: m.seq, ids: [db.pragma(m.pragma, { simple: true })] });
    return;
  }
  try {
    begin.run();
    runRows(m.positions, sql.positionWidth, m.extras, positions, position);
    runRows(m.states, sql.stateWidth, null, states, state);
    for (let i = 0; i < m.online.length; i += 2) online.run(m.online[i + 1], m.online[i]);
    const ids = runTrackOps(m.track);
    commit.run();
    parentPort.postMessage({ seq: m.seq, ids });
  } catch (error) {
    if (db.inTransaction) rollback.run();
    parentPort.postMessage({ seq: m.seq, error: error instanceof Error ? error.message : String(error) });
  }
});
