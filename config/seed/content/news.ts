/** Company news (12 items, 5 a page), notices and publications. */
import type { SeedPack } from '../types';

type Story = [date: string, zhTitle: string, enTitle: string, zhDes: string, enDes: string, zhBody: string[], enBody: string[]];

const STORIES: Story[] = [
  ['2026-10-28 09:30:00', '岳川药业新外用制剂车间通过GMP符合性检查', 'New topical production hall passes its GMP compliance inspection', '新建的软膏与乳膏车间顺利通过省级药品监督部门的GMP符合性检查。', 'The new ointment and cream hall passed the provincial regulator\'s GMP compliance inspection.', ['新车间建筑面积一万二千平方米，配备全自动配料与灌装线。', '检查组对质量体系、设备验证和人员培训进行了为期三天的现场检查。'], ['The new hall covers 12,000 square metres and runs fully automated compounding and filling lines.', 'Inspectors spent three days on site reviewing the quality system, equipment validation and staff training.']],
  ['2026-09-18 10:00:00', '公司庆祝成立二十五周年', 'The company celebrates its 25th anniversary', '自2001年9月成立以来，岳川药业始终专注外用药物。', 'Since its founding in September 2001, Yuechuan has focused on medicines for the skin.', ['二十五年来，公司从一条软膏生产线发展为拥有十余种剂型、三十余个产品的外用药企业。', '庆典上，公司向服务满二十年的员工颁发了纪念奖章。'], ['In 25 years the company grew from a single ointment line into a maker of more than 10 dosage forms and over 30 products.', 'At the celebration, employees with twenty years of service received commemorative medals.']],
  ['2026-08-06 14:00:00', '岳川药业与青梧大学共建皮肤外用制剂联合实验室', 'Joint laboratory for topical formulations opens with Qingwu University', '双方将在透皮吸收和新型基质方面开展合作研究。', 'The partners will research skin absorption and new vehicle bases together.', ['联合实验室设于公司研发中心，首期投入两千万元。', '双方计划三年内完成四项新型外用制剂的处方研究。'], ['The laboratory sits in the company\'s R&D centre, with an initial investment of 20 million yuan.', 'The partners plan to complete formulation studies for four new topical products within three years.']],
  ['2026-07-02 09:00:00', '夏季防蚊止痒科普进社区', 'Summer bite-and-itch advice comes to local communities', '公司药师走进十个社区，讲解蚊虫叮咬后的正确处理方法。', 'Company pharmacists visited ten neighbourhoods to explain what to do after insect bites.', ['活动向居民发放了图文科普手册，并现场解答用药疑问。', '药师提醒：儿童皮肤娇嫩，用药前应仔细阅读说明书。'], ['Residents received illustrated leaflets and had their questions about medicines answered on the spot.', 'Pharmacists reminded parents that children\'s skin is delicate and that the leaflet should be read before use.']],
  ['2026-05-20 15:30:00', '聚维酮碘溶液获评省级优质产品', 'Povidone-Iodine Solution named a provincial quality product', '该产品以稳定的质量和良好的用户口碑获得认可。', 'The product was recognised for consistent quality and strong user feedback.', ['评选综合考量了产品质量、不良反应监测和市场反馈。', '公司将继续完善全生命周期质量管理。'], ['The award weighed product quality, adverse-reaction monitoring and market feedback.', 'The company will keep improving quality management across the product life cycle.']],
  ['2026-04-12 10:00:00', '员工春季健步走活动圆满举行', 'Staff spring walk brings teams together', '三百余名员工参加了沿青梧江的十公里健步走。', 'More than 300 employees walked ten kilometres along the Qingwu River.', ['活动倡导健康生活方式，增进了部门之间的交流。', '工会为完成全程的员工准备了纪念品。'], ['The walk promoted healthy living and brought departments closer.', 'The trade union gave a keepsake to everyone who finished the route.']],
  ['2026-03-03 09:00:00', '公司发布2025年度社会责任报告', 'The company publishes its 2025 social responsibility report', '报告披露了公司在用药安全、环境保护和公益方面的工作。', 'The report covers medication safety, environmental protection and community work.', ['2025年公司单位产值能耗同比下降百分之八。', '全年开展药学服务与科普活动六十余场。'], ['In 2025 energy use per unit of output fell by 8 percent year on year.', 'Over sixty pharmacy-service and public-education events were held during the year.']],
  ['2026-01-15 16:00:00', '岳川药业荣获"青梧市科技创新企业"称号', 'Yuechuan named a Qingwu City innovative technology enterprise', '公司凭借外用制剂工艺创新获得表彰。', 'The company was honoured for its innovations in topical manufacturing.', ['近三年公司累计获得发明专利十二项。', '研发投入占销售收入比例持续提升。'], ['The company has been granted twelve invention patents in the past three years.', 'R&D spending keeps rising as a share of revenue.']],
  ['2025-11-22 10:30:00', '冬季皮肤护理公益讲座举办', 'Public talk on winter skin care', '皮肤科专家讲解冬季干燥、皲裂和冻疮的预防与护理。', 'Dermatologists explained how to prevent and care for dry skin, cracks and chilblains in winter.', ['讲座吸引了两百余名市民到场聆听。', '专家建议：洗浴水温不宜过高，洗后及时涂抹保湿产品。'], ['More than two hundred residents attended the talk.', 'The experts advised bathing in water that is not too hot and moisturising straight afterwards.']],
  ['2025-09-09 09:00:00', '新一代自动灌装线投入使用', 'A new generation of automatic filling lines goes live', '灌装效率提升百分之四十，装量精度进一步提高。', 'Filling is 40 percent faster and fill weights are more precise.', ['新线配备在线称重与视觉检测系统。', '每支产品均可追溯至生产批次与设备参数。'], ['The lines carry in-line weighing and machine-vision inspection.', 'Every tube can be traced to its batch and the machine settings used.']],
  ['2025-06-18 11:00:00', '岳川药业参加全国药品交易会', 'Yuechuan exhibits at the national pharmaceutical fair', '公司展示了软膏、乳膏、酊剂和凝胶四大系列产品。', 'The company showed its ointment, cream, tincture and gel ranges.', ['展会期间接待了来自二十多个省份的客户。', '新品双氯芬酸二乙胺凝胶受到广泛关注。'], ['The stand welcomed customers from more than twenty provinces.', 'The new diclofenac diethylamine gel drew wide interest.']],
  ['2025-03-25 14:00:00', '公司开展药品不良反应监测专题培训', 'Training on adverse drug reaction monitoring', '全体销售与客服人员参加了药物警戒培训。', 'All sales and customer-service staff took part in pharmacovigilance training.', ['培训讲解了不良反应的识别、记录和上报流程。', '公司承诺在规定时限内处理每一条患者反馈。'], ['The course covered how to recognise, record and report adverse reactions.', 'The company commits to handling every patient report within the required time.']],
];

function html(title: string, paragraphs: string[], more: string, points: string[]): string {
  return `<p>${paragraphs[0]}</p><h2>${title}</h2><p>${paragraphs[1]}</p><p>${more}</p><ul>${points.map((p) => `<li>${p}</li>`).join('')}</ul>`;
}

export const news: SeedPack['news'] = STORIES.map(([date, zt, et, zd, ed, zb, eb], i) => ({
  id: i + 1,
  pic: `/uploads/news/n${String(i + 1).padStart(2, '0')}.svg`,
  create_time: date,
  zh: { title: zt, des: zd, content: html('要点', zb, '岳川药业将继续以患者为中心，提供安全、有效、可及的外用药品。', ['安全第一', '质量为本', '服务患者']) },
  en: { title: et, des: ed, content: html('Highlights', eb, 'Yuechuan will keep putting patients first, with topical medicines that are safe, effective and easy to obtain.', ['Safety first', 'Quality at the core', 'Serving patients']) },
}));

export const notices: SeedPack['notices'] = [
  {
    id: 1,
    create_time: '2026-10-10 09:00:00',
    zh: { title: '关于谨防假冒岳川产品的声明', content: '<p>近期市场上出现仿冒本公司包装的产品。请通过正规药店和公司官方渠道购买。</p><ul><li>正品包装印有批准文号和防伪码</li><li>如有疑问请致电客服热线 400-000-2001</li></ul>' },
    en: { title: 'Beware of counterfeit Yuechuan products', content: '<p>Products imitating our packaging have recently appeared on the market. Please buy only from licensed pharmacies and our official channels.</p><ul><li>Genuine packs carry an approval number and an anti-counterfeit code</li><li>If in doubt, call our service line 400-000-2001</li></ul>' },
  },
  {
    id: 2,
    create_time: '2026-06-01 09:00:00',
    zh: { title: '2026年端午节客服安排公告', content: '<p>端午节期间客服热线正常值守，在线留言将在节后第一个工作日内回复。</p>' },
    en: { title: 'Customer service over the 2026 Dragon Boat Festival', content: '<p>Our service line stays open over the holiday; online messages will be answered on the first working day afterwards.</p>' },
  },
  {
    id: 3,
    create_time: '2026-02-20 09:00:00',
    zh: { title: '供应商质量审计计划公告', content: '<p>公司将于第二季度对原辅料及包材供应商开展年度质量审计，请相关单位做好准备。</p>' },
    en: { title: 'Supplier quality audit schedule', content: '<p>In the second quarter the company will carry out its annual quality audit of raw-material and packaging suppliers. Suppliers concerned are asked to prepare.</p>' },
  },
];

const JOURNALS: [string, string][] = [
  ['复方樟脑软膏透皮释放行为研究', 'Skin release of a compound camphor ointment'],
  ['外用乳膏剂流变学性质与涂展性的相关性', 'Rheology and spreadability of topical creams'],
  ['聚维酮碘溶液稳定性考察', 'Stability of a povidone-iodine solution'],
  ['中药酊剂中挥发性成分的测定方法', 'Measuring volatile compounds in herbal tinctures'],
  ['双氯芬酸凝胶的体外透皮实验', 'In-vitro skin permeation of a diclofenac gel'],
  ['外用制剂患者依从性调查', 'A survey of patient adherence to topical treatment'],
];

export const publicationTop: SeedPack['publicationTop'] = {
  pic: '/uploads/publication/top.svg',
  url: 'https://journal.example.org/yuechuan/2026/topical-review',
  title: { zh: '外用药物递送技术二十五年回顾', en: 'Twenty-five years of topical drug delivery: a review' },
};

export const publications: SeedPack['publications'] = JOURNALS.map(([zh, en], i) => ({
  pic: `/uploads/publication/j${i + 1}.svg`,
  url: `https://journal.example.org/yuechuan/article-${i + 1}`,
  title: { zh, en },
}));
