import Database from '../sqliteDriver';
import { findPerson } from './personalData';

function withRows(rows: { table: 'applications' | 'patient_messages'; email: string; phone: string }[]) {
  const db = new Database(':memory:');
  for (const table of ['applications', 'patient_messages']) db.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, email TEXT NOT NULL, phone TEXT NOT NULL)`);
  for (const { table, email, phone } of rows) db.prepare(`INSERT INTO ${table} (email, phone) VALUES (?, ?)`).run(email, phone);
  return db;
}

describe("a person's data", () => {
  it('refuses a blank or malformed e-mail instead of matching every report left without one', () => {
    const db = withRows([
      { table: 'patient_messages', email: '', phone: '13800000000' },
      { table: 'patient_messages', email: '', phone: '13900000000' },
    ]);
    for (const email of [' ', 'nobody']) expect(() => findPerson(db, { email })).toThrow('--email needs an address');
    db.close();
  });

  it('finds a landline stored with the country code by its national spelling, and the other way round', () => {
    const db = withRows([
      { table: 'applications', email: 'a@b.cn', phone: '+86 10 1234 5678' },
      { table: 'patient_messages', email: '', phone: '021-87654321' },
      { table: 'patient_messages', email: '', phone: '+86 138 0000 0000' },
    ]);
    expect(findPerson(db, { phone: '010-12345678' }).applications).toHaveLength(1);
    expect(findPerson(db, { phone: '+86 21 8765 4321' }).patients).toHaveLength(1);
    expect(findPerson(db, { phone: '13800000000' }).patients).toHaveLength(1);
    // An 8-digit local number still matches no one's full number.
    expect(findPerson(db, { phone: '12345678' }).applications).toHaveLength(0);
    db.close();
  });
});
