import { Link } from 'react-router-dom';
import { Loaded } from '../app/Loaded';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { useDocumentMeta } from '../app/useDocumentMeta';
import { useText } from '../app/useText';
import { PAGE_SIZE } from '../contracts/constants';
import { PAGE_BANNER_TYPE } from '../contracts/payloads';
import { pathTo } from '../contracts/routes';
import { useContent } from '../features/content/useContent';
import { isAbsent } from '../features/shared/resource';
import { selectMemberList } from '../features/members/selectors';
import { listPageSelected } from '../features/pagedList/slice';
import { format } from '../i18n';
import { Img } from '../ui/Img';
import { Pagination } from '../ui/Pagination';
import { BannerOf, Section } from './common';

function StaffGallery() {
  const t = useText();
  const dispatch = useAppDispatch();
  const staff = useAppSelector(selectMemberList);
  return (
    <Loaded resource={staff.list} minHeight="24rem" isEmpty={(data) => data.rows.length === 0}>
      {(data) => (
        <>
          <ul className={`staff-grid ${staff.list.status === 'loading' ? 'is-stale' : ''}`} aria-busy={staff.list.status === 'loading'}>
            {data.rows.map((row, index) => (
              <li key={row.pic || index}>
                <Img
                  src={row.pic}
                  alt={row.pic_alt || format(t.resources.staffPhoto, { n: (staff.page - 1) * PAGE_SIZE.member + index + 1 })}
                  width={320}
                  height={240}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={staff.page}
            total={data.total}
            pageSize={PAGE_SIZE.member}
            onSelect={(n) => dispatch(listPageSelected({ list: 'memberList', page: n, query: {} }))}
            texts={{ label: t.common.pagination, previous: t.common.previous, next: t.common.next, page: (n) => format(t.common.page, { n }) }}
          />
        </>
      )}
    </Loaded>
  );
}

export default function ResourcesPage() {
  const t = useText();
  useDocumentMeta({ title: t.meta.resources });
  const culture = useContent('memberCulture');
  const policies = useContent('hrPolicies');
  const jobs = useContent('jobs');
  const columns = t.resources.columns;
  // On a phone the cards stack under the banner: the first card's picture is the larger.
  const leadPic = culture.data?.list[0]?.pic;
  return (
    <>
      <BannerOf type={PAGE_BANNER_TYPE.resources} title={t.nav.resources} largestOnPhones={!leadPic} />
      {!isAbsent(culture) && (
        <Section id="employee" title={t.resources.employee}>
          <Loaded resource={culture}>
            {(data) => (
              <div className="employee">
                <ul className="card-grid card-grid--3">
                  {data.list.slice(0, 3).map((item, index) => (
                    <li key={item.title} className="card">
                      <Img src={item.pic} alt={item.pic_alt || item.title} width={400} height={300} placement={index === 0 ? 'phoneLead' : 'foldEdge'} />
                      <h3>{item.title}</h3>
                    </li>
                  ))}
                </ul>
                <p className="employee__text">{data.val}</p>
              </div>
            )}
          </Loaded>
        </Section>
      )}
      <Section id="staff" title={t.resources.staff} tone="muted">
        <StaffGallery />
      </Section>
      <Section id="joinus" title={t.resources.joinus}>
        <Loaded resource={jobs} isEmpty={(data) => data.length === 0}>
          {(data) => (
            <div className="table-scroll" tabIndex={0} role="region" aria-label={t.resources.joinus}>
              <table className="jobs-table">
                <thead>
                  <tr>
                    <th scope="col">{columns.title}</th>
                    <th scope="col">{columns.type}</th>
                    <th scope="col">{columns.num}</th>
                    <th scope="col">{columns.area}</th>
                    <th scope="col">{columns.apply}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((job) => (
                    <tr key={job.id}>
                      <td>{job.title}</td>
                      <td>{job.type}</td>
                      <td>{job.num}</td>
                      <td>{job.area}</td>
                      <td>
                        <Link to={pathTo('jobDetail', { id: job.id })}>
                          {t.resources.apply}
                          <span className="visually-hidden">: {job.title}</span>
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Loaded>
        <Loaded resource={policies} minHeight="10rem" isEmpty={(data) => data.length === 0}>
          {(data) => (
            <div className="policies">
              <h3>{t.resources.policies}</h3>
              <ul className="card-grid card-grid--4">
                {data.map((policy) => (
                  <li key={policy.title} className="card card--text">
                    <h4>{policy.title}</h4>
                    <p>{policy.des}</p>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Loaded>
      </Section>
    </>
  );
}
