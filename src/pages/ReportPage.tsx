import { Loaded } from '../app/Loaded';
import { useAppSelector } from '../app/hooks';
import { useDocumentMeta } from '../app/useDocumentMeta';
import { useText } from '../app/useText';
import { PAGE_BANNER_TYPE } from '../contracts/payloads';
import { useContent } from '../features/content/useContent';
import { selectMediaUrl } from '../features/site/selectors';
import { RichHtml } from '../ui/RichHtml';
import { BannerOf } from './common';

export default function ReportPage() {
  const t = useText();
  useDocumentMeta({ title: t.meta.report });
  const mediaUrl = useAppSelector(selectMediaUrl);
  const report = useContent('report');
  return (
    <>
      <BannerOf type={PAGE_BANNER_TYPE.report} title={t.nav.report} />
      <div className="detail-page">
        <Loaded resource={report} minHeight="30rem" isEmpty={(data) => !data.content.trim()}>
          {(data) => (
            <article className="article">
              {data.title && <h2>{data.title}</h2>}
              <RichHtml html={data.content} mediaUrl={mediaUrl} />
            </article>
          )}
        </Loaded>
      </div>
    </>
  );
}
