// The organization's email domains: a domain is claimed, then proven with a TXT record in its DNS.
// Only a verified domain sends its people's email-first sign-in to the organization's provider and
// keeps other organizations from creating accounts at its addresses.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createOrgDomain, deleteOrgDomain, orgDomains, verifyOrgDomain, type OrgDomain } from '../../api/index.ts';
import { Button, Confirm, Empty, ErrorNote, Field, Loading, when } from '../../ui.tsx';

function DomainCard({ organizationId, domain, onChanged, onDelete }: { organizationId: string; domain: OrgDomain; onChanged: () => Promise<unknown>; onDelete: () => void }) {
  const verify = useMutation({ mutationFn: () => verifyOrgDomain(organizationId, domain.domain_id), onSuccess: () => onChanged() });
  const headingId = `domain-${domain.domain_id}`;
  return (
    <li className="card">
      <h4 id={headingId} className="break">
        {domain.domain}
        <span className="badge">{domain.verified ? 'Verified' : 'Not verified'}</span>
      </h4>
      {domain.verified ? (
        <p className="hint">Verified {when(domain.verified_at ?? '')}. Its people sign in through this organization&apos;s provider that lists it.</p>
      ) : (
        <>
          <p className="hint">Add this TXT record to the domain&apos;s DNS, then verify. DNS changes can take a while to be seen.</p>
          <dl className="txt-record">
            <dt>Name</dt>
            <dd>
              <code className="break">{domain.txt_record.name}</code>
            </dd>
            <dt>Value</dt>
            <dd>
              <code className="break">{domain.txt_record.value}</code>
            </dd>
          </dl>
        </>
      )}
      <div className="row">
        {domain.verified ? null : (
          <Button variant="primary" busy={verify.isPending} onClick={() => verify.mutate()} aria-label={`Verify ${domain.domain}`}>
            Verify
          </Button>
        )}
        <Button variant="danger" onClick={onDelete} aria-label={`Remove ${domain.domain}`}>
          Remove
        </Button>
      </div>
      <ErrorNote error={verify.error} />
    </li>
  );
}

export function Domains({ organizationId }: { organizationId: string }) {
  const client = useQueryClient();
  const key = ['org-domains', organizationId];
  const domains = useQuery({ queryKey: key, queryFn: () => orgDomains(organizationId) });
  const [domain, setDomain] = useState('');
  const [removing, setRemoving] = useState<OrgDomain | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: () => createOrgDomain(organizationId, domain.trim()),
    onSuccess: () => {
      setDomain('');
      return refresh();
    },
  });

  return (
    <section aria-labelledby="domains-h">
      <h2 id="domains-h">Domains</h2>
      <p className="hint">
        Prove that the organization holds an email domain by adding a TXT record to its DNS. A verified domain sends its people&apos;s sign-in to your identity provider, and
        no other organization can create accounts at its addresses. An identity provider&apos;s domains route no sign-in until they are verified here.
      </p>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Field label="Email domain">{(id) => <input id={id} required maxLength={253} value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="example.com" />}</Field>
        <Button type="submit" variant="primary" busy={create.isPending}>
          Add domain
        </Button>
      </form>
      <ErrorNote error={create.error} />
      {domains.isPending ? (
        <Loading what="domains" />
      ) : domains.isError ? (
        <ErrorNote error={domains.error} />
      ) : domains.data.length === 0 ? (
        <Empty title="No domains yet.">Add your organization&apos;s email domain above.</Empty>
      ) : (
        <ul className="cards plain-list domain-list" aria-label="Domains">
          {domains.data.map((d) => (
            <DomainCard key={d.domain_id} organizationId={organizationId} domain={d} onChanged={refresh} onDelete={() => setRemoving(d)} />
          ))}
        </ul>
      )}
      <Confirm
        title="Remove domain"
        open={!!removing}
        onClose={() => setRemoving(null)}
        confirmLabel="Remove"
        action={async () => {
          if (removing) await deleteOrgDomain(organizationId, removing.domain_id);
          await refresh();
        }}
      >
        <p>
          <strong>{removing?.domain}</strong> stops sending its people to your identity provider, and other organizations may claim it. Accounts stay as they are.
        </p>
      </Confirm>
    </section>
  );
}
