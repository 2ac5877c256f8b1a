import type { ReactNode } from 'react';
import { Container } from '../../components/ui/container';

/** Title band of the secondary pages. */
export function PageHeader({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="py-12 sm:py-16">
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-brand-950 sm:text-5xl">
          {title}
        </h1>
        {lead ? (
          <p className="mt-5 max-w-3xl text-lg leading-relaxed text-slate-700">{lead}</p>
        ) : null}
      </Container>
    </div>
  );
}
