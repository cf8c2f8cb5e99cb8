import { SettingsFormPage } from '../components/SettingsPage';
import { EmailAddressForm } from '../email/EmailAddressForm';
import { TemplatesCard } from '../email/TemplatesCard';

export default function EmailSettingPage() {
  return (
    <>
      <SettingsFormPage route="ag-settings-email">
        {(info) => (
          <>
            <EmailAddressForm field="customerEmail" label="Customer email" initial={info.settings.customerEmail ?? ''} />
            <EmailAddressForm field="contactEmail" label="Contact email" initial={info.settings.contactEmail ?? ''} />
          </>
        )}
      </SettingsFormPage>
      <TemplatesCard />
    </>
  );
}
