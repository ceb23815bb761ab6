import { loadContentPack } from '../content/loadPack';
import { openDatabase } from '../sqliteDatabase';
import { createSqliteStore } from './sqliteStore';
import { tempDataDir } from '../provider.testing';

async function withRows(rows: { table: 'applications' | 'patient_messages'; email: string; phone: string }[]) {
  const data = tempDataDir();
  const db = await openDatabase(data.dir, loadContentPack());
  const at = new Date().toISOString();
  for (const { table, email, phone } of rows) {
    if (table === 'applications')
      db.prepare("INSERT INTO applications (job_id, name, phone, email, client_ip, created_at) VALUES (1, 'n', ?, ?, '', ?)").run(phone, email, at);
    else
      db.prepare(
        "INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at) VALUES ('other', 'm', '', 'n', ?, ?, '', '', ?)",
      ).run(phone, email, at);
  }
  return {
    store: createSqliteStore(db, { dataDir: data.dir }),
    close: () => (db.close(), data.remove()),
  };
}

describe("a person's data", () => {
  it('refuses a blank or malformed e-mail instead of matching every report left without one', async () => {
    const { store, close } = await withRows([
      { table: 'patient_messages', email: '', phone: '13800000000' },
      { table: 'patient_messages', email: '', phone: '13900000000' },
    ]);
    for (const email of [' ', 'nobody']) await expect(store.findPerson({ email })).rejects.toThrow('--email needs an address');
    close();
  });

  it('finds a landline stored with the country code by its national spelling, and the other way round', async () => {
    const { store, close } = await withRows([
      { table: 'applications', email: 'a@b.cn', phone: '+86 10 1234 5678' },
      { table: 'patient_messages', email: '', phone: '021-87654321' },
      { table: 'patient_messages', email: '', phone: '+86 138 0000 0000' },
    ]);
    expect((await store.findPerson({ phone: '010-12345678' })).applications).toHaveLength(1);
    expect((await store.findPerson({ phone: '+86 21 8765 4321' })).patients).toHaveLength(1);
    expect((await store.findPerson({ phone: '13800000000' })).patients).toHaveLength(1);
    // An 8-digit local number still matches no one's full number.
    expect((await store.findPerson({ phone: '12345678' })).applications).toHaveLength(0);
    close();
  });
});
