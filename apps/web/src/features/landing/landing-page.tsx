import { useDocumentTitle } from '../../lib/use-document-title';
import { ContactSection } from './contact-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';

/** `/`: the only page in the first bundle; it is also prerendered into index.html at build. */
export function LandingPage() {
  useDocumentTitle();
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <PricingSection />
      <ContactSection />
    </>
  );
}
