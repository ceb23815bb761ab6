/**
 * The product catalogue: 34 topical medicines in 5 dosage-form categories. The fixed
 * per-product facts are listed once; the label texts are composed from them in each language.
 */
import type { SeedPack } from '../types';

export const categories: SeedPack['categories'] = [
  { id: 1, name: { zh: '软膏剂', en: 'Ointments' } },
  { id: 2, name: { zh: '乳膏剂', en: 'Creams' } },
  { id: 3, name: { zh: '酊剂', en: 'Tinctures' } },
  { id: 4, name: { zh: '溶液剂', en: 'Solutions' } },
  { id: 5, name: { zh: '凝胶剂', en: 'Gels' } },
];

interface ProductFacts {
  classify: number;
  zh: string;
  en: string;
  /** Main active ingredient, zh / en. */
  active: [string, string];
  /** What it treats, zh / en. */
  use: [string, string];
  special?: [string, string];
}

const FACTS: ProductFacts[] = [
  { classify: 1, zh: '川清复方樟脑软膏', en: 'Chuanqing Compound Camphor Ointment', active: ['樟脑、薄荷脑', 'camphor and menthol'], use: ['蚊虫叮咬、皮肤瘙痒', 'insect bites and itching skin'], special: ['清凉止痒，不含激素', 'Cooling itch relief, steroid-free'] },
  { classify: 1, zh: '岳川红霉素软膏', en: 'Yuechuan Erythromycin Ointment', active: ['红霉素', 'erythromycin'], use: ['脓疱疮等化脓性皮肤病及小面积烧伤', 'impetigo, pyogenic skin infections and small burns'] },
  { classify: 1, zh: '岳川莫匹罗星软膏', en: 'Yuechuan Mupirocin Ointment', active: ['莫匹罗星', 'mupirocin'], use: ['革兰阳性球菌引起的皮肤感染', 'skin infections caused by Gram-positive cocci'] },
  { classify: 1, zh: '岳川氧化锌软膏', en: 'Yuechuan Zinc Oxide Ointment', active: ['氧化锌', 'zinc oxide'], use: ['急性或亚急性皮炎、湿疹、痱子', 'acute or subacute dermatitis, eczema and prickly heat'] },
  { classify: 1, zh: '岳川硼酸软膏', en: 'Yuechuan Boric Acid Ointment', active: ['硼酸', 'boric acid'], use: ['轻度、小面积急性湿疹和皮炎', 'mild, small-area acute eczema and dermatitis'] },
  { classify: 1, zh: '川清鱼石脂软膏', en: 'Chuanqing Ichthammol Ointment', active: ['鱼石脂', 'ichthammol'], use: ['疖肿等皮肤软组织感染', 'boils and other soft-tissue skin infections'] },
  { classify: 1, zh: '岳川尿素软膏', en: 'Yuechuan Urea Ointment', active: ['尿素', 'urea'], use: ['手足皲裂、角化型手足癣', 'cracked hands and feet and keratotic tinea'], special: ['深层润养，修护皲裂', 'Deep moisturising care for cracked skin'] },
  { classify: 1, zh: '岳川维生素E软膏', en: 'Yuechuan Vitamin E Ointment', active: ['维生素E', 'vitamin E'], use: ['皮肤干燥、冻疮的辅助护理', 'dry skin and supportive care of chilblains'] },
  { classify: 2, zh: '岳川酮康唑乳膏', en: 'Yuechuan Ketoconazole Cream', active: ['酮康唑', 'ketoconazole'], use: ['手癣、足癣、体癣、股癣', 'tinea of the hands, feet, body and groin'] },
  { classify: 2, zh: '岳川联苯苄唑乳膏', en: 'Yuechuan Bifonazole Cream', active: ['联苯苄唑', 'bifonazole'], use: ['皮肤真菌感染', 'fungal skin infections'] },
  { classify: 2, zh: '川清丁酸氢化可的松乳膏', en: 'Chuanqing Hydrocortisone Butyrate Cream', active: ['丁酸氢化可的松', 'hydrocortisone butyrate'], use: ['过敏性皮炎、湿疹、神经性皮炎', 'allergic dermatitis, eczema and neurodermatitis'] },
  { classify: 2, zh: '岳川克霉唑乳膏', en: 'Yuechuan Clotrimazole Cream', active: ['克霉唑', 'clotrimazole'], use: ['体股癣、手足癣及皮肤念珠菌病', 'ringworm, athlete\'s foot and cutaneous candidiasis'] },
  { classify: 2, zh: '岳川尿囊素乳膏', en: 'Yuechuan Allantoin Cream', active: ['尿囊素', 'allantoin'], use: ['皮肤干燥、粗糙和轻度皲裂', 'dry, rough and lightly cracked skin'], special: ['温和配方，适合敏感肌', 'A gentle formula for sensitive skin'] },
  { classify: 2, zh: '岳川复方醋酸地塞米松乳膏', en: 'Yuechuan Compound Dexamethasone Acetate Cream', active: ['醋酸地塞米松、樟脑、薄荷脑', 'dexamethasone acetate, camphor and menthol'], use: ['局限性瘙痒症、神经性皮炎、慢性湿疹', 'localised pruritus, neurodermatitis and chronic eczema'] },
  { classify: 2, zh: '川清硝酸咪康唑乳膏', en: 'Chuanqing Miconazole Nitrate Cream', active: ['硝酸咪康唑', 'miconazole nitrate'], use: ['皮肤癣菌及念珠菌引起的皮肤感染', 'skin infections caused by dermatophytes and Candida'] },
  { classify: 2, zh: '岳川阿昔洛韦乳膏', en: 'Yuechuan Aciclovir Cream', active: ['阿昔洛韦', 'aciclovir'], use: ['单纯疱疹或带状疱疹感染', 'herpes simplex and herpes zoster skin infections'] },
  { classify: 2, zh: '岳川樟脑薄荷乳膏', en: 'Yuechuan Camphor Menthol Cream', active: ['樟脑、薄荷脑', 'camphor and menthol'], use: ['肌肉酸痛与皮肤瘙痒', 'sore muscles and itchy skin'] },
  { classify: 3, zh: '岳川碘酊', en: 'Yuechuan Iodine Tincture', active: ['碘、碘化钾', 'iodine and potassium iodide'], use: ['皮肤感染和消毒', 'skin infections and disinfection'] },
  { classify: 3, zh: '川清复方土槿皮酊', en: 'Chuanqing Compound Pseudolarix Tincture', active: ['土槿皮、苯甲酸、水杨酸', 'pseudolarix bark, benzoic acid and salicylic acid'], use: ['趾痒、皮肤滋痒及一般癣疾', 'itching toes and common tinea'], special: ['传统植物配方，百年古方新制', 'A traditional botanical formula, made the modern way'] },
  { classify: 3, zh: '岳川樟脑酊', en: 'Yuechuan Camphor Tincture', active: ['樟脑', 'camphor'], use: ['肌肉痛、关节痛及神经痛', 'muscle, joint and nerve pain'] },
  { classify: 3, zh: '岳川十一味跌打酊', en: 'Yuechuan Eleven-Herb Trauma Tincture', active: ['红花、当归等十一味药材', 'safflower, angelica and nine other herbs'], use: ['跌打损伤、瘀血肿痛', 'bruises, sprains and swelling'] },
  { classify: 3, zh: '岳川复方水杨酸酊', en: 'Yuechuan Compound Salicylic Acid Tincture', active: ['水杨酸、苯甲酸', 'salicylic and benzoic acid'], use: ['手足癣、体股癣', 'tinea of the hands, feet, body and groin'] },
  { classify: 3, zh: '川清风油精酊', en: 'Chuanqing Essential Balm Tincture', active: ['薄荷脑、樟脑、桉油', 'menthol, camphor and eucalyptus oil'], use: ['蚊虫叮咬及伤风感冒引起的头痛', 'insect bites and headaches from colds'] },
  { classify: 4, zh: '岳川聚维酮碘溶液', en: 'Yuechuan Povidone-Iodine Solution', active: ['聚维酮碘', 'povidone-iodine'], use: ['化脓性皮炎、皮肤真菌感染、小面积轻度烧烫伤', 'pyogenic dermatitis, fungal skin infections and small minor burns'], special: ['不刺激创面，着色易洗', 'Gentle on wounds, washes out easily'] },
  { classify: 4, zh: '岳川过氧化氢溶液', en: 'Yuechuan Hydrogen Peroxide Solution', active: ['过氧化氢', 'hydrogen peroxide'], use: ['化脓性外耳道炎和伤口清洁', 'cleaning wounds and pyogenic otitis externa'] },
  { classify: 4, zh: '岳川依沙吖啶溶液', en: 'Yuechuan Ethacridine Solution', active: ['乳酸依沙吖啶', 'ethacridine lactate'], use: ['小面积创伤感染的湿敷', 'wet compresses for small infected wounds'] },
  { classify: 4, zh: '川清氯己定溶液', en: 'Chuanqing Chlorhexidine Solution', active: ['葡萄糖酸氯己定', 'chlorhexidine gluconate'], use: ['皮肤及伤口消毒', 'disinfection of skin and wounds'] },
  { classify: 4, zh: '岳川炉甘石洗剂', en: 'Yuechuan Calamine Lotion', active: ['炉甘石、氧化锌', 'calamine and zinc oxide'], use: ['急性瘙痒性皮肤病，如湿疹和痱子', 'acute itchy skin conditions such as eczema and prickly heat'] },
  { classify: 4, zh: '岳川硼酸洗液', en: 'Yuechuan Boric Acid Lotion', active: ['硼酸', 'boric acid'], use: ['急性湿疹渗出期的湿敷', 'wet compresses for weeping acute eczema'] },
  { classify: 4, zh: '岳川高锰酸钾外用片溶液', en: 'Yuechuan Potassium Permanganate Soak', active: ['高锰酸钾', 'potassium permanganate'], use: ['急性皮炎和湿疹的清洗与坐浴', 'rinses and sitz baths for acute dermatitis and eczema'] },
  { classify: 5, zh: '岳川双氯芬酸二乙胺凝胶', en: 'Yuechuan Diclofenac Diethylamine Gel', active: ['双氯芬酸二乙胺', 'diclofenac diethylamine'], use: ['肌肉、软组织和关节的轻至中度疼痛', 'mild to moderate muscle, soft-tissue and joint pain'], special: ['透皮吸收快，清爽不油腻', 'Absorbs quickly, light and non-greasy'] },
  { classify: 5, zh: '岳川布洛芬凝胶', en: 'Yuechuan Ibuprofen Gel', active: ['布洛芬', 'ibuprofen'], use: ['局部软组织扭伤和劳损', 'local soft-tissue sprains and strains'] },
  { classify: 5, zh: '川清甲硝唑凝胶', en: 'Chuanqing Metronidazole Gel', active: ['甲硝唑', 'metronidazole'], use: ['炎症性丘疹和脓疱', 'inflammatory papules and pustules'] },
  { classify: 5, zh: '岳川阿达帕林凝胶', en: 'Yuechuan Adapalene Gel', active: ['阿达帕林', 'adapalene'], use: ['以粉刺、丘疹和脓疱为主的寻常型痤疮', 'acne vulgaris with comedones, papules and pustules'] },
];

const FORM = {
  1: { zh: '软膏', en: 'ointment', character: ['本品为淡黄色至黄色的软膏', 'A pale yellow to yellow ointment'], sku: ['20克/支', '20 g per tube'] },
  2: { zh: '乳膏', en: 'cream', character: ['本品为白色乳膏', 'A white cream'], sku: ['15克/支', '15 g per tube'] },
  3: { zh: '酊剂', en: 'tincture', character: ['本品为棕红色的澄清液体', 'A clear reddish-brown liquid'], sku: ['30毫升/瓶', '30 ml per bottle'] },
  4: { zh: '溶液', en: 'solution', character: ['本品为澄清液体', 'A clear liquid'], sku: ['100毫升/瓶', '100 ml per bottle'] },
  5: { zh: '凝胶', en: 'gel', character: ['本品为无色至微黄色的透明凝胶', 'A clear, colourless to pale yellow gel'], sku: ['20克/支', '20 g per tube'] },
} as const;

function product(facts: ProductFacts, index: number): SeedPack['products'][number] {
  const id = index + 1;
  const form = FORM[facts.classify as keyof typeof FORM];
  const code = String(id).padStart(2, '0');
  const pics = [1, 2].map((n) => `/uploads/product/p${code}-${n}.svg`).join(',');
  const num = `国药准字H2001${String(4100 + id * 7).padStart(4, '0')}（示例）`;
  const numEn = `Approval No. H2001${String(4100 + id * 7).padStart(4, '0')} (sample)`;
  return {
    id,
    classify_id: facts.classify,
    pics,
    pic: `/uploads/product/p${code}-1.svg`,
    zh: {
      name: facts.zh,
      des: `<p><strong>${facts.zh}</strong>是岳川药业出品的外用${form.zh}，主要成分为${facts.active[0]}，用于${facts.use[0]}。</p><ul><li>按 GMP 规范生产，批批检验</li><li>外用制剂，请勿口服</li></ul>`,
      productspecial: facts.special?.[0] ?? '',
      product: facts.zh,
      character: form.character[0],
      sku: form.sku[0],
      num,
      indication: `用于${facts.use[0]}。`,
      taboo: `对${facts.active[0]}过敏者禁用；皮肤破溃处慎用。`,
      business: '岳川药业有限公司',
      composition: `本品主要成分为${facts.active[0]}。`,
      administration: '外用。取适量涂于患处，一日2～3次。',
      package: `铝管或药用瓶包装，${form.sku[0]}。`,
      manufacturer: '岳川药业有限公司（青梧市）',
    },
    en: {
      name: facts.en,
      des: `<p><strong>${facts.en}</strong> is a topical ${form.en} made by Yuechuan Pharmaceutical. Its main active ingredient is ${facts.active[1]}, and it is used for ${facts.use[1]}.</p><ul><li>Made under GMP, every batch tested</li><li>For external use only; do not swallow</li></ul>`,
      productspecial: facts.special?.[1] ?? '',
      product: facts.en,
      character: form.character[1],
      sku: form.sku[1],
      num: numEn,
      indication: `For ${facts.use[1]}.`,
      taboo: `Do not use if allergic to ${facts.active[1]}; use with care on broken skin.`,
      business: 'Yuechuan Pharmaceutical Co., Ltd.',
      composition: `The main active ingredient is ${facts.active[1]}.`,
      administration: 'For external use. Apply a thin layer to the affected area two to three times a day.',
      package: `Aluminium tube or pharmaceutical bottle, ${form.sku[1]}.`,
      manufacturer: 'Yuechuan Pharmaceutical Co., Ltd. (Qingwu)',
    },
  };
}

export const products: SeedPack['products'] = FACTS.map(product);
