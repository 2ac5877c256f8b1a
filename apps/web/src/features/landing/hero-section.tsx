import { useTranslation } from 'react-i18next';
import { ArrowRight, ShieldCheck } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import heroImage from './assets/hero-phone.svg';
import { MOBILE_MONEY_BRANDS } from './payment-brands';

/**
 * Hero: promise, call to action, the way in for a parent without a link (`/form`), illustration
 * and the wallets parents already use.
 */
export function HeroSection() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="hero-title"
      className="overflow-hidden bg-gradient-to-b from-brand-50 to-white"
    >
      <Container className="grid grid-cols-1 items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16 lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-700 ring-1 ring-brand-200">
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t('hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl leading-tight font-extrabold tracking-tight text-brand-950 sm:text-5xl lg:text-6xl"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-700">{t('hero.text')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/signup" size="lg">
              {t('hero.cta')}
              <ArrowRight aria-hidden="true" className="size-5" />
            </ButtonLink>
            <ButtonLink to={{ pathname: '/', hash: '#tarifs' }} variant="secondary" size="lg">
              {t('hero.secondaryCta')}
            </ButtonLink>
          </div>
          {/* `/form` is a server-rendered page (the payer pages' shell): a full page load. */}
          <p className="mt-4 text-base text-slate-700">
            {t('hero.parentPrompt')}{' '}
            <a
              href="/form"
              className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              {t('hero.parentLink')}
            </a>
          </p>
          <div className="mt-10">
            <h2 className="text-sm font-semibold text-slate-700">{t('hero.brandsTitle')}</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {MOBILE_MONEY_BRANDS.map((brand) => (
                <li
                  key={brand.name}
                  className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800"
                >
                  <span aria-hidden="true" className={`size-2.5 rounded-full ${brand.dot}`} />
                  {brand.name}
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-slate-600">{t('hero.otherMethods')}</p>
          </div>
        </div>
        <div className="mx-auto w-full max-w-[560px]">
          <img
            src={heroImage}
            alt={t('hero.imageAlt')}
            width={560}
            height={480}
            fetchPriority="high"
            decoding="async"
            className="h-auto w-full"
          />
        </div>
      </Container>
    </section>
  );
}
