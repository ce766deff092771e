import { PageTitle } from '../../../components/page-title.tsx';
import { useRef, useState } from 'react';
import { PAYOUT_METHOD_NAMES } from '@bazaar/shared/earnings';
import { formatWireDollars } from '@bazaar/shared/pricing';
import type { UserProfile } from '@bazaar/shared/users';
import { Avatar } from '../../../components/avatar.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Loader } from '../../../components/loader.tsx';
import { AccountSecurity, EmailVerificationStatus, useViewer } from '../../auth/public.ts';
import { ProfileForm } from './profile-form.tsx';
import { Button } from '../../../components/button.tsx';

const NOT_AVAILABLE = 'N/A';

/** What the user charges to ship their part of an order, as a seller. */
function shippingText({ shippingFee, freeShippingOver }: UserProfile): string {
  const fee = shippingFee === 0 ? 'Free' : `${formatWireDollars(shippingFee)} an order`;
  return freeShippingOver === null || shippingFee === 0
    ? fee
    : `${fee}, free from ${formatWireDollars(freeShippingOver)} of your products`;
}

/** Where the shop sends the seller's earnings, as they gave it; empty until they do. */
const payoutText = ({ payoutMethod, payoutAccount }: UserProfile): string =>
  payoutMethod ? [PAYOUT_METHOD_NAMES[payoutMethod], payoutAccount].filter(Boolean).join(': ') : '';

function ProfileDetails({ profile }: { profile: UserProfile }) {
  const rows = [
    ['Name', profile.name],
    ['Email', profile.email],
    ['Phone', profile.phone],
    ['Address', profile.address],
    ['Shipping', shippingText(profile)],
    ['Payouts', payoutText(profile)],
    ['Shop e-mails', profile.shopMails ? 'On: orders, sales and reviews' : 'Off'],
  ] as const;
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-gray-600">{label}</dt>
          <dd className="break-words whitespace-pre-line text-gray-900">{value || NOT_AVAILABLE}</dd>
          {label === 'Email' && (
            <>
              <dt className="sr-only">Email status</dt>
              <dd className="-mt-2 sm:col-start-2">
                <EmailVerificationStatus />
              </dd>
            </>
          )}
        </div>
      ))}
    </dl>
  );
}

/** The signed-in user's profile: a read view, and an edit form behind Edit Profile. */
export function Component() {
  const { profile, profileError, retryProfile } = useViewer();
  const [isEditing, setEditing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  function leaveEditing() {
    setEditing(false);
    // The form and its focused button are gone: keep the keyboard user at the top of the profile.
    headingRef.current?.focus();
  }

  const heading = (
    <>
      <PageTitle name="Profile" />
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
      >
        {isEditing ? 'Edit Profile' : 'Profile'}
      </h1>
    </>
  );
  if (!profile) {
    return (
      <div className="space-y-6">
        {heading}
        {profileError ? (
          <ErrorState message="Your profile could not be loaded." onRetry={retryProfile} />
        ) : (
          <Loader label="Loading your profile…" />
        )}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {heading}
      <div className="flex flex-col gap-6 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:flex-row">
        <div className="flex size-28 shrink-0 items-center justify-center overflow-hidden rounded-full bg-teal-100 text-3xl font-semibold text-teal-800">
          <Avatar
            name={profile.name}
            pictures={[profile.img, profile.image]}
            label={`Profile picture of ${profile.name}`}
            sizes="112px"
          />
        </div>
        <div className="min-w-0 flex-1 space-y-5">
          {isEditing ? (
            <ProfileForm profile={profile} onDone={leaveEditing} />
          ) : (
            <>
              <ProfileDetails profile={profile} />
              <Button onClick={() => setEditing(true)}>Edit Profile</Button>
            </>
          )}
        </div>
      </div>
      {!isEditing && <AccountSecurity />}
    </div>
  );
}
