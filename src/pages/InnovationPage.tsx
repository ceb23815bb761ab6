import { Loaded } from '../app/Loaded';
import { useDocumentMeta } from '../app/useDocumentMeta';
import { useText } from '../app/useText';
import { PAGE_BANNER_TYPE } from '../contracts/payloads';
import { useContent } from '../features/content/useContent';
import { isAbsent } from '../features/shared/resource';
import { Img } from '../ui/Img';
import { BannerOf, Section, Split } from './common';

export default function InnovationPage() {
  const t = useText();
  useDocumentMeta({ title: t.meta.innovation });
  const overview = useContent('sceneOverview');
  const team = useContent('sceneTeam');
  const cooperation = useContent('sceneCooperation');
  const research = useContent('sceneResearch');
  return (
    <>
      <BannerOf type={PAGE_BANNER_TYPE.innovation} title={t.nav.innovation} largestOnPhones={!overview.data?.pic} />
      {!isAbsent(overview) && (
        <Section id="overview" title={t.innovation.overview}>
          <Loaded resource={overview}>
            {(data) => (
              <Split pic={data.pic} alt={data.pic_alt || data.title} placement="phoneLead">
                <div className="split__text">
                  <h3>{data.title}</h3>
                  <p>{data.des}</p>
                </div>
              </Split>
            )}
          </Loaded>
        </Section>
      )}
      <Section id="team" title={t.innovation.team} tone="muted">
        <Loaded resource={team} isEmpty={(data) => data.length === 0}>
          {(data) => (
            <ul className="card-grid card-grid--3">
              {data.map((member) => (
                <li key={member.title} className="card">
                  <Img src={member.pic} alt={member.pic_alt || member.title} width={400} height={300} />
                  <h3>{member.title}</h3>
                  <p>{member.des}</p>
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </Section>
      <Section id="cooperation" title={t.innovation.cooperation}>
        <Loaded resource={cooperation} isEmpty={(data) => data.length === 0}>
          {(data) => (
            <ul className="card-grid card-grid--4">
              {data.map((partner) => (
                <li key={partner.title} className="card card--partner">
                  <Img src={partner.pic} alt={partner.pic_alt || partner.title} width={320} height={180} />
                  <h3>{partner.title}</h3>
                  <p>{partner.des}</p>
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </Section>
      <Section id="results" title={t.innovation.results} tone="muted">
        <Loaded resource={research} isEmpty={(data) => data.length === 0}>
          {(data) => (
            <ul className="card-grid card-grid--3">
              {data.map((result) => (
                <li key={result.title} className="card card--result">
                  <Img src={result.pic} alt={result.pic_alt || result.title} width={400} height={300} />
                  <Img className="card__over" src={result.over_pic} alt="" width={400} height={300} />
                  <h3>{result.title}</h3>
                  <p>{result.des}</p>
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </Section>
    </>
  );
}
