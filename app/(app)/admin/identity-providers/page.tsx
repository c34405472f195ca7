import { IdpCreateForm } from '../_components/idp-create-form';
import { IdpsSection } from '../_components/idps-section';
import { pageTitle } from '../../../_lib/page-title';

export const generateMetadata = pageTitle('adminIdps');

export default function AdminIdentityProvidersPage() {
  return (
    <>
      <IdpsSection />
      <IdpCreateForm />
    </>
  );
}
