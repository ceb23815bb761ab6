'use strict';

module.exports = ({ env }) => ({
  upload: { config: { sizeLimit: env.int('CMS_UPLOAD_LIMIT', 50 * 1024 * 1024) } },
});
