/** Innovation (overview, team, cooperation, results) and human resources. */
import type { SeedPack } from '../types';

type Pair = [zhTitle: string, zhDes: string, enTitle: string, enDes: string];
const texts = ([zt, zd, et, ed]: Pair) => ({ zh: { title: zt, des: zd }, en: { title: et, des: ed } });

export const sceneOverview: SeedPack['sceneOverview'] = {
  pic: '/uploads/innovation/overview.svg',
  ...texts(['研发概况', '公司研发中心建筑面积六千平方米，拥有处方开发、分析检测和透皮评价三大平台，研发人员一百二十余名，累计获得发明专利二十余项。', 'Research at a glance', 'Our 6,000 m² R&D centre runs three platforms (formulation, analysis and skin-permeation testing) with more than 120 researchers and over twenty invention patents.']),
};

export const sceneTeam: SeedPack['sceneTeam'] = ([
  ['处方开发团队', '负责新剂型与新基质的处方设计与工艺放大。', 'Formulation team', 'Designs new dosage forms and bases and scales up their processes.'],
  ['分析检测团队', '建立质量标准与检测方法，保障产品质量。', 'Analytical team', 'Sets quality standards and test methods that keep every product on spec.'],
  ['透皮评价团队', '开展体外透皮与皮肤刺激性研究。', 'Skin-permeation team', 'Runs in-vitro permeation and skin-irritation studies.'],
  ['注册事务团队', '负责产品注册与法规事务。', 'Regulatory team', 'Handles product registration and regulatory affairs.'],
] as Pair[]).map((pair, i) => ({ pic: `/uploads/innovation/team-${i + 1}.svg`, ...texts(pair) }));

export const sceneCooperation: SeedPack['sceneCooperation'] = ([
  ['青梧大学药学院', '共建皮肤外用制剂联合实验室。', 'Qingwu University School of Pharmacy', 'A joint laboratory for topical formulations.'],
  ['江岚医科大学', '开展外用制剂临床评价合作。', 'Jianglan Medical University', 'Clinical evaluation of topical medicines.'],
  ['南屿中药研究所', '传统方剂的现代化研究。', 'Nanyu Institute of Chinese Medicine', 'Modern research on traditional formulas.'],
  ['岳川医药集团研究院', '集团内新技术共享与转化。', 'Yuechuan Healthcare Group Research Institute', 'Sharing and applying new technology across the group.'],
] as Pair[]).map((pair, i) => ({ pic: `/uploads/innovation/partner-${i + 1}.svg`, ...texts(pair) }));

export const sceneResearch: SeedPack['sceneResearch'] = ([
  ['低刺激乳膏基质', '获得国家发明专利，显著降低皮肤刺激性。', 'Low-irritation cream base', 'A patented base that markedly reduces skin irritation.'],
  ['速渗凝胶技术', '提高药物透皮吸收速度。', 'Fast-absorbing gel technology', 'Speeds up the absorption of medicine through the skin.'],
  ['酊剂挥发成分控制', '保证有效成分含量稳定。', 'Control of volatile compounds in tinctures', 'Keeps the active content of tinctures stable.'],
  ['无菌灌装工艺', '降低微生物污染风险。', 'Aseptic filling process', 'Lowers the risk of microbial contamination.'],
  ['儿童友好包装', '防误开瓶盖设计。', 'Child-resistant packaging', 'A closure designed to stop children opening it.'],
  ['绿色生产工艺', '溶剂回收率达到百分之九十五。', 'Greener manufacturing', 'Recovers 95 percent of process solvents.'],
] as Pair[]).map((pair, i) => ({ pic: `/uploads/innovation/result-${i + 1}.svg`, over_pic: `/uploads/innovation/result-${i + 1}-over.svg`, ...texts(pair) }));

export const memberCulture: SeedPack['memberCulture'] = {
  list: [
    ['团队协作', 'Teamwork'],
    ['技能竞赛', 'Skills contests'],
    ['文体活动', 'Sports and culture'],
  ].map(([zh, en], i) => ({ pic: `/uploads/people/culture-${i + 1}.svg`, title: { zh: zh as string, en: en as string } })),
  val: {
    zh: '我们相信，优秀的产品来自用心的员工。公司为每一位员工提供公平的发展机会、完善的培训体系和温暖的工作氛围。',
    en: 'We believe good medicines come from people who care. Every employee gets fair chances to grow, thorough training and a warm place to work.',
  },
};

export const members: SeedPack['members'] = Array.from({ length: 16 }, (_, i) => ({ pic: `/uploads/people/staff-${String(i + 1).padStart(2, '0')}.svg` }));

export const hrPolicies: SeedPack['hrPolicies'] = [
  ['薪酬', '具有市场竞争力的薪酬体系，按岗位价值与绩效定薪，每年调薪一次。', 'Compensation', 'Competitive pay set by role and performance, reviewed every year.'],
  ['激励', '设立年度优秀员工、创新成果奖和项目奖金。', 'Incentives', 'Annual awards for outstanding staff and innovation, plus project bonuses.'],
  ['福利', '五险一金、补充医疗保险、带薪年假、年度体检和节日福利。', 'Benefits', 'Social insurance and housing fund, supplementary health cover, paid leave, yearly check-ups and holiday gifts.'],
  ['培训', '新员工入职培训、岗位技能培训；表现优秀的员工每两年可参加一次外部培训。', 'Training', 'Induction and job-skills training; strong performers attend external training every two years.'],
].map(([zt, zd, et, ed]) => ({ zh: { title: zt as string, des: zd as string }, en: { title: et as string, des: ed as string } }));

type Job = [zhTitle: string, enTitle: string, zhType: string, enType: string, num: number, zhArea: string, enArea: string, date: string, zhDuty: string, enDuty: string];

const JOBS: Job[] = [
  ['制剂研发工程师', 'Formulation Scientist', '研发类', 'R&D', 2, '青梧市', 'Qingwu', '2026-10-20 09:00:00', '负责外用制剂的处方设计与工艺研究', 'Design formulations and processes for topical products'],
  ['质量检验员', 'Quality Control Analyst', '质量类', 'Quality', 3, '青梧市', 'Qingwu', '2026-10-12 09:00:00', '按标准完成原辅料、中间品和成品检验', 'Test raw materials, intermediates and finished products to specification'],
  ['生产操作工', 'Production Operator', '生产类', 'Production', 8, '青梧市', 'Qingwu', '2026-09-30 09:00:00', '操作灌装与包装设备，填写批生产记录', 'Run filling and packing lines and keep batch records'],
  ['医药代表', 'Medical Representative', '销售类', 'Sales', 5, '江岚市', 'Jianglan', '2026-09-15 09:00:00', '向医疗机构传递产品学术信息', 'Share product information with hospitals and clinics'],
  ['药物警戒专员', 'Pharmacovigilance Specialist', '医学类', 'Medical', 1, '青梧市', 'Qingwu', '2026-08-28 09:00:00', '收集、评估和上报药品不良反应', 'Collect, assess and report adverse drug reactions'],
  ['设备工程师', 'Equipment Engineer', '工程类', 'Engineering', 2, '青梧市', 'Qingwu', '2026-08-10 09:00:00', '负责生产设备的维护、验证与改进', 'Maintain, validate and improve production equipment'],
];

export const jobs: SeedPack['jobs'] = JOBS.map(([zt, et, zty, ety, num, za, ea, date, zd, ed], i) => ({
  id: i + 1,
  num,
  create_time: date,
  zh: { title: zt, type: zty, area: za, status: '全职', content: `<h3>岗位职责</h3><ul><li>${zd}</li><li>遵守GMP规范和公司质量管理制度</li><li>完成上级交办的其他工作</li></ul><h3>任职要求</h3><ul><li>相关专业大专及以上学历</li><li>认真细致，具有良好的沟通能力</li></ul>` },
  en: { title: et, type: ety, area: ea, status: 'Full-time', content: `<h3>Responsibilities</h3><ul><li>${ed}</li><li>Follow GMP and the company's quality procedures</li><li>Other tasks assigned by your manager</li></ul><h3>Requirements</h3><ul><li>A diploma or degree in a related field</li><li>Careful, precise and a good communicator</li></ul>` },
}));
