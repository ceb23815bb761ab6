/** The company: site settings, home, about, report and patient-service texts. */
import type { SeedPack } from '../types';

export const main: SeedPack['main'] = {
  logo: '/uploads/brand/logo.svg',
  qrcode: '/uploads/brand/qrcode.svg',
  shop_url: 'https://shop.example.com/yuechuan',
  zh: {
    company: '岳川药业有限公司',
    copyright: '© 2001–2026 岳川药业有限公司 版权所有',
    icp: '青ICP备00000000号-1（示例）',
    drug_certificate: '（青）-非经营性-2001-0000（示例）',
  },
  en: {
    company: 'Yuechuan Pharmaceutical Co., Ltd.',
    copyright: '© 2001–2026 Yuechuan Pharmaceutical Co., Ltd. All rights reserved.',
    icp: 'ICP filing 00000000-1 (sample)',
    drug_certificate: 'Internet drug information service certificate 2001-0000, non-commercial (sample)',
  },
  links: [
    { url: 'https://group.example.com', title: { zh: '岳川医药集团', en: 'Yuechuan Healthcare Group' } },
    { url: 'https://herbal.example.com', title: { zh: '岳川中药饮片', en: 'Yuechuan Herbal Pieces' } },
    { url: 'https://logistics.example.com', title: { zh: '岳川医药物流', en: 'Yuechuan Medical Logistics' } },
    { url: 'https://care.example.com', title: { zh: '岳川大药房', en: 'Yuechuan Pharmacies' } },
  ],
};

export const banners: SeedPack['banners'] = [
  { type: '图片', img: '/uploads/banner/home-1.svg', video_img: '', zh: { title: '守护肌肤健康二十五年', des: '专注外用药物，软膏、乳膏、酊剂、溶液剂全系列' }, en: { title: 'Caring for skin for 25 years', des: 'Dedicated to topical medicines: ointments, creams, tinctures and solutions' } },
  { type: '视频', img: '/uploads/video/intro.mp4', video_img: '/uploads/video/intro-poster.svg', zh: { title: '走进岳川', des: '现代化外用制剂生产基地' }, en: { title: 'Inside Yuechuan', des: 'A modern plant for topical medicines' } },
  { type: '图片', img: '/uploads/banner/home-3.svg', video_img: '', zh: { title: '以研发驱动创新', des: '与高校和研究机构携手，探索外用给药新技术' }, en: { title: 'Innovation driven by research', des: 'Exploring new topical delivery with universities and institutes' } },
];

const PAGE_BANNER_TEXT: [zh: string, zhDes: string, en: string, enDes: string][] = [
  ['关于岳川', '成立于2001年9月，专注外用药物', 'About Yuechuan', 'Founded in September 2001, focused on topical medicines'],
  ['产品中心', '十余种剂型，三十余个产品', 'Products', 'More than 10 dosage forms and over 30 products'],
  ['科技创新', '以科学守护每一寸肌肤', 'Innovation', 'Science that cares for every inch of skin'],
  ['新闻资讯', '了解岳川的最新动态', 'News', 'The latest from Yuechuan'],
  ['人力资源', '与岳川共同成长', 'Careers', 'Grow with Yuechuan'],
  ['举报平台', '诚信经营，欢迎监督', 'Report Platform', 'We do business with integrity and welcome your reports'],
];

export const pageBanners: SeedPack['pageBanners'] = PAGE_BANNER_TEXT.map(([zh, zhDes, en, enDes], i) => ({
  type: (i + 1) as 1 | 2 | 3 | 4 | 5 | 6,
  webimg: `/uploads/banner/page-${i + 1}.svg`,
  img: `/uploads/banner/page-${i + 1}-m.svg`,
  zh: { name: zh, des: zhDes },
  en: { name: en, des: enDes },
}));

export const homeProducts: SeedPack['homeProducts'] = [
  ['软膏剂', '油润持久，适合干燥与角化皮肤', 'Ointments', 'Long-lasting and rich, for dry or thickened skin'],
  ['乳膏剂', '清爽易涂，适合日常护理与治疗', 'Creams', 'Light and easy to spread for everyday treatment'],
  ['酊剂', '渗透迅速，传统方剂现代工艺', 'Tinctures', 'Fast-penetrating traditional formulas, made the modern way'],
  ['溶液剂', '消毒清洁，护理创面', 'Solutions', 'Cleansing and disinfecting for wound care'],
].map(([zt, zd, et, ed], i) => ({
  pic: `/uploads/home/tile-${i + 1}.svg`,
  over_pic: `/uploads/home/tile-${i + 1}-over.svg`,
  zh: { title: zt as string, des: zd as string },
  en: { title: et as string, des: ed as string },
}));

export const homeAbout: SeedPack['homeAbout'] = {
  pic: '/uploads/about/campus.svg',
  zh: { title: '关于岳川', des: '岳川药业成立于2001年9月，2018年成为岳川医药集团全资子公司。公司专业生产外用软膏、乳膏、酊剂和溶液剂，拥有十余种剂型、三十余个产品。' },
  en: { title: 'About Yuechuan', des: 'Yuechuan Pharmaceutical was founded in September 2001 and became a wholly owned subsidiary of Yuechuan Healthcare Group in 2018. It makes topical ointments, creams, tinctures and solutions: more than 10 dosage forms and over 30 products.' },
};

export const aboutUs: SeedPack['aboutUs'] = {
  pic: '/uploads/about/campus.svg',
  zh: { title: '公司简介', des: '<p>岳川药业有限公司成立于2001年9月，坐落于青梧市高新技术产业园区，2018年成为岳川医药集团全资子公司。</p><p>公司专注于皮肤外用药物的研发、生产与销售，拥有软膏剂、乳膏剂、酊剂、溶液剂、凝胶剂等十余种剂型、三十余个产品，产品覆盖全国三十个省份。</p><p>公司始终坚持"质量为本、患者至上"的理念，持续投入研发与质量体系建设。</p>' },
  en: { title: 'Company profile', des: '<p>Yuechuan Pharmaceutical Co., Ltd. was founded in September 2001 in the Qingwu High-Tech Industrial Park and became a wholly owned subsidiary of Yuechuan Healthcare Group in 2018.</p><p>The company researches, makes and sells medicines for the skin: more than 10 dosage forms, including ointments, creams, tinctures, solutions and gels, and over 30 products sold in thirty provinces.</p><p>Guided by "quality at the core, patients first", it keeps investing in research and in its quality system.</p>' },
};

export const develop: SeedPack['develop'] = [
  ['2001', '9月，岳川药业在青梧市成立，首条软膏生产线投产。', 'In September the company is founded in Qingwu and its first ointment line starts up.'],
  ['2004', '乳膏剂车间建成，产品增至十个。', 'A cream workshop opens and the range grows to ten products.'],
  ['2008', '通过新版GMP认证，酊剂产品上市。', 'GMP certification under the new rules; the first tinctures reach the market.'],
  ['2011', '成立研发中心，与高校开展合作。', 'The R&D centre opens and university partnerships begin.'],
  ['2014', '溶液剂生产线投产，剂型达到八种。', 'A solutions line starts up, bringing the total to eight dosage forms.'],
  ['2018', '成为岳川医药集团全资子公司。', 'Becomes a wholly owned subsidiary of Yuechuan Healthcare Group.'],
  ['2021', '凝胶剂系列上市，产品超过三十个。', 'A gel range launches; the catalogue passes thirty products.'],
  ['2024', '数字化质量管理系统全面上线。', 'A digital quality-management system goes live across the plant.'],
  ['2026', '新外用制剂车间通过GMP符合性检查，迎来建厂二十五周年。', 'The new topical production hall passes GMP inspection as the company turns 25.'],
].map(([year, zh, en]) => ({ zh: { title: year as string, des: zh as string }, en: { title: year as string, des: en as string } }));

export const business: SeedPack['business'] = [
  ['使命', '让每一个人都能用上安全有效的外用药。', 'Mission', 'Safe, effective topical medicines within everyone\'s reach.'],
  ['愿景', '成为值得信赖的皮肤外用药专家。', 'Vision', 'To be the trusted expert in medicines for the skin.'],
  ['质量', '质量源于设计，每一批产品都经过严格检验。', 'Quality', 'Quality by design, with every batch strictly tested.'],
  ['创新', '以临床需求为导向，持续改进剂型与工艺。', 'Innovation', 'Led by clinical needs, we keep improving our forms and processes.'],
  ['责任', '关爱员工、服务社会、保护环境。', 'Responsibility', 'Caring for our people, our community and the environment.'],
].map(([zt, zd, et, ed], i) => ({ pic: `/uploads/about/culture-${i + 1}.svg`, zh: { title: zt as string, des: zd as string }, en: { title: et as string, des: ed as string } }));

export const social: SeedPack['social'] = {
  des: { zh: '岳川药业积极履行社会责任，开展用药科普、义诊捐药和环境保护行动，二十余年来累计捐赠药品价值超过三千万元。', en: 'Yuechuan takes its social responsibility seriously, with public health education, free clinics, medicine donations and environmental work; over two decades it has donated medicines worth more than 30 million yuan.' },
  imgList: [
    ['用药科普进校园', 'Medicine safety lessons in schools'],
    ['山区义诊捐药', 'Free clinics and donations in mountain villages'],
    ['绿色工厂建设', 'Building a green factory'],
    ['抗洪救灾药品驰援', 'Emergency medicines for flood relief'],
  ].map(([zh, en], i) => ({ pic: `/uploads/about/social-${i + 1}.svg`, title: { zh: zh as string, en: en as string } })),
};

export const contact: SeedPack['contact'] = {
  phone: '400-000-2001',
  email: 'service@yuechuan.example.com',
  tel: '0000-8800 2001',
  zipcode: '000100',
  pic: '/uploads/about/contact.svg',
  zh: { address: '青梧市高新技术产业园区岳川路8号' },
  en: { address: '8 Yuechuan Road, Qingwu High-Tech Industrial Park' },
};

export const report: SeedPack['report'] = {
  zh: { title: '举报平台', content: '<h2>我们欢迎您的监督</h2><p>岳川药业坚持诚信经营。如您发现公司员工或合作伙伴存在商业贿赂、数据造假、违反药品管理法规等行为，请通过以下渠道举报。</p><h3>举报渠道</h3><ul><li>举报邮箱：integrity@yuechuan.example.com</li><li>举报电话：0000-8800 2002（工作日 9:00–17:00）</li><li>信函：青梧市高新技术产业园区岳川路8号 合规部（收）</li></ul><h3>请尽量提供</h3><ol><li>被举报人姓名、部门或单位</li><li>事件发生的时间、地点与经过</li><li>相关证据或线索</li></ol><h3>举报人保护</h3><p>公司对举报人信息严格保密，严禁任何形式的打击报复。实名举报将在十五个工作日内得到反馈。</p>' },
  en: { title: 'Report Platform', content: '<h2>We welcome your reports</h2><p>Yuechuan does business with integrity. If you see an employee or partner involved in bribery, falsified data or breaches of drug regulations, please report it through one of these channels.</p><h3>Channels</h3><ul><li>E-mail: integrity@yuechuan.example.com</li><li>Phone: 0000-8800 2002 (working days, 9:00–17:00)</li><li>Post: Compliance Department, 8 Yuechuan Road, Qingwu High-Tech Industrial Park</li></ul><h3>Please include, where you can</h3><ol><li>The name, department or company of the person concerned</li><li>When and where it happened, and what happened</li><li>Any evidence or leads</li></ol><h3>Protection of whistle-blowers</h3><p>We keep reporters\' identities strictly confidential and forbid any retaliation. Named reports receive an answer within fifteen working days.</p>' },
};

export const patientContent: SeedPack['patientContent'] = {
  zh: { title: '患者服务', des: '如您在使用我公司产品时有任何疑问或出现不适，请留言，我们的药师会尽快与您联系。', confidentiality: '您提供的个人信息仅用于处理本次咨询或不良反应报告，我们将严格保密。' },
  en: { title: 'Patient Service', des: 'If you have a question about one of our products or felt unwell after using it, leave us a message and a pharmacist will contact you soon.', confidentiality: 'The personal information you give us is used only to handle this request or adverse-reaction report, and we keep it strictly confidential.' },
};

export const productContacts: SeedPack['productContacts'] = {
  domestic: { phone: '400-000-2001', email: 'sales@yuechuan.example.com' },
  abroad: { phone: '+86 0000 8800 2003', email: 'export@yuechuan.example.com' },
};
