/**
 * The better-sqlite3 this Node can run. From Node 24.19 (nodejs/node#63642) 12.x aborts when V8
 * collects a statement (node::ObjectWrap); 13.x (Node-API) does not, but needs Node 22 and
 * crashes on Node 20. Every value import of better-sqlite3 comes through here (lint enforces it);
 * both majors share the 12.x typings.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/** The package a process on this Node loads: child processes in tests require it by this name. */
export const SQLITE_DRIVER = Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-node22' : 'better-sqlite3';

const Database: typeof BetterSqlite3 = createRequire(__filename)(SQLITE_DRIVER);
export default Database;
