/**
 * Shape of the seed content pack the embedded provider loads on first start.
 * Every text exists in zh and en (Chinese first, English a real translation);
 * language-neutral fields (ids, media paths, dates, numbers) sit beside the two texts.
 * Media paths are relative to the provider's origin, e.g. "/uploads/product/3.svg".
 */
import type { Locale } from '../../src/contracts/locale';
import type {
  AboutDto,
  BannerSlideDto,
  CultureItemDto,
  ContactDto,
  HomeProductTileDto,
  HrPolicyDto,
  PageBannerType,
  PatientContentDto,
  ReportDto,
  SceneItemDto,
  SiteMainDto,
  TimelineItemDto,
} from '../../src/contracts/dto';

export type Bilingual<T> = Record<Locale, T>;

type Texts<T, Media extends keyof T> = Bilingual<Omit<T, Media>> & Pick<T, Media>;

export interface SeedPack {
  main: Bilingual<Omit<SiteMainDto, 'logo' | 'qrcode' | 'shop_url' | 'links'>> &
    Pick<SiteMainDto, 'logo' | 'qrcode' | 'shop_url'> & { links: { url: string; title: Bilingual<string> }[] };
  banners: Texts<BannerSlideDto, 'type' | 'img' | 'video_img'>[];
  pageBanners: (Texts<{ name: string; des: string; webimg: string; img: string }, 'webimg' | 'img'> & {
    type: PageBannerType;
  })[];
  homeProducts: Texts<HomeProductTileDto, 'pic' | 'over_pic'>[];
  homeAbout: Texts<AboutDto, 'pic'>;
  report: Bilingual<ReportDto>;
  aboutUs: Texts<AboutDto, 'pic'>;
  develop: Bilingual<TimelineItemDto>[];
  business: Texts<CultureItemDto, 'pic'>[];
  social: { des: Bilingual<string>; imgList: { pic: string; title: Bilingual<string> }[] };
  contact: Texts<ContactDto, 'phone' | 'email' | 'tel' | 'zipcode' | 'pic'>;
  patientContent: Bilingual<PatientContentDto>;
  /** Product contacts: domestic and overseas phone and email. */
  productContacts: { domestic: { phone: string; email: string }; abroad: { phone: string; email: string } };
  categories: { id: number; name: Bilingual<string> }[];
  products: ({
    id: number;
    classify_id: number;
    /** Comma-separated picture paths, as the provider returns them. */
    pics: string;
    pic: string;
  } & Bilingual<{
    name: string;
    des: string;
    productspecial: string;
    product: string;
    character: string;
    sku: string;
    num: string;
    indication: string;
    taboo: string;
    business: string;
    composition: string;
    administration: string;
    package: string;
    manufacturer: string;
  }>)[];
  sceneOverview: Texts<SceneItemDto, 'pic'>;
  sceneTeam: Texts<SceneItemDto, 'pic'>[];
  sceneCooperation: Texts<SceneItemDto, 'pic'>[];
  sceneResearch: (Texts<SceneItemDto, 'pic'> & { over_pic: string })[];
  news: ({ id: number; pic: string; create_time: string } & Bilingual<{ title: string; des: string; content: string }>)[];
  notices: ({ id: number; create_time: string } & Bilingual<{ title: string; content: string }>)[];
  publicationTop: { pic: string; url: string; title: Bilingual<string> };
  publications: { pic: string; url: string; title: Bilingual<string> }[];
  memberCulture: { list: { pic: string; title: Bilingual<string> }[]; val: Bilingual<string> };
  members: { pic: string }[];
  hrPolicies: Bilingual<HrPolicyDto>[];
  jobs: ({ id: number; num: number; create_time: string } & Bilingual<{
    title: string;
    type: string;
    area: string;
    status: string;
    content: string;
  }>)[];
}
