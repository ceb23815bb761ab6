-- The schema the provider shipped with (version 1).
CREATE TABLE content (key TEXT NOT NULL, locale TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (key, locale));
CREATE TABLE categories (id INTEGER NOT NULL, locale TEXT NOT NULL, position INTEGER NOT NULL, name TEXT NOT NULL, PRIMARY KEY (id, locale));
CREATE TABLE products (id INTEGER NOT NULL, locale TEXT NOT NULL, classify_id INTEGER NOT NULL, name TEXT NOT NULL, pics TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (id, locale));
CREATE INDEX products_by_category ON products (locale, classify_id, id);
CREATE TABLE news (id INTEGER NOT NULL, locale TEXT NOT NULL, pic TEXT NOT NULL, title TEXT NOT NULL, des TEXT NOT NULL, content TEXT NOT NULL, create_time TEXT NOT NULL, PRIMARY KEY (id, locale));
CREATE TABLE notices (id INTEGER NOT NULL, locale TEXT NOT NULL, title TEXT NOT NULL, content TEXT NOT NULL, create_time TEXT NOT NULL, PRIMARY KEY (id, locale));
CREATE TABLE jobs (id INTEGER NOT NULL, locale TEXT NOT NULL, title TEXT NOT NULL, type TEXT NOT NULL, num INTEGER NOT NULL, area TEXT NOT NULL, status TEXT NOT NULL, create_time TEXT NOT NULL, content TEXT NOT NULL, PRIMARY KEY (id, locale));
CREATE TABLE members (id INTEGER PRIMARY KEY, pic TEXT NOT NULL);
CREATE TABLE applications (id INTEGER PRIMARY KEY AUTOINCREMENT, job_id INTEGER NOT NULL, name TEXT NOT NULL, phone TEXT NOT NULL, email TEXT NOT NULL, client_ip TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE patient_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, category TEXT NOT NULL, medication TEXT NOT NULL, reason TEXT NOT NULL, name TEXT NOT NULL, phone TEXT NOT NULL, email TEXT NOT NULL, description TEXT NOT NULL, client_ip TEXT NOT NULL, created_at TEXT NOT NULL);
