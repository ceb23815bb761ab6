-- The optional fields of a news article's and a job's payload, as a JSON object: SEO (meta_title,
-- meta_description, share_image, share_image_alt) and a news picture's pic_alt. Rows written
-- before it have none ('{}').
ALTER TABLE news ADD COLUMN extras TEXT NOT NULL DEFAULT '{}';
ALTER TABLE jobs ADD COLUMN extras TEXT NOT NULL DEFAULT '{}';
