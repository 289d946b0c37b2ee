import type { RenderedMail } from '#server/mail/order-mail-render.ts';
import { renderStaffInvitationMail } from '#server/mail/staff-invitation-render.ts';
import { linkTo } from '#server/seo/link-base.ts';
import type { UserRole } from '#shared/contracts/auth.ts';
import { STAFF_INVITATION_TTL_HOURS } from '#shared/contracts/staff.ts';
import { formatInZone } from '#shared/time-zone.ts';

/** What the invitation mail needs of the shop and the server, as plain values (the route reads them). */
export interface InvitationMailSettings {
  /** Where absolute links start (PUBLIC_URL, an allowed host, or this server on localhost): never empty. */
  linkBase: string;
  /** The hidden sign-in route's path (instance secrets), without a slash. */
  adminLoginPath: string;
  shopName: string;
  /** `site.logo_url` (`/uploads/…`), drawn at the link base. */
  logoUrl: string | null;
  /** The shop's time zone, for the expiry's date. */
  timeZone: string;
}

const ROLE_WORDS: Record<UserRole, string> = {
  super_admin: 'a super admin',
  admin: 'an admin',
  customer: 'a customer',
};

/** The link the mail carries: the hidden sign-in route with the token (docs/product.md#staff-accounts). */
export function invitationLink(settings: InvitationMailSettings, token: string): string {
  return linkTo(settings.linkBase, `/${settings.adminLoginPath}?invitation=${encodeURIComponent(token)}`);
}

/**
 * The invitation mail (HTML with a plain-text part, like the order mails): who invited whom to
 * which shop as what, the link as a button and written out, and until when it works.
 */
export function staffInvitationMail(
  settings: InvitationMailSettings,
  invitation: { token: string; name: string; role: UserRole; expiresAt: Date; inviterName: string | null },
): RenderedMail {
  const shop = settings.shopName;
  const href = invitationLink(settings, invitation.token);
  const until = formatInZone(
    invitation.expiresAt,
    settings.timeZone,
    { dateStyle: 'medium', timeStyle: 'short' },
    'en-US',
  );
  const by = invitation.inviterName ? `${invitation.inviterName} invited you` : 'You are invited';
  return renderStaffInvitationMail({
    subject: `You're invited to ${shop}'s admin`,
    preheader: `Set your password to join ${shop} as ${ROLE_WORDS[invitation.role]}.`,
    heading: `Join ${shop}'s admin`,
    paragraphs: [
      invitation.name ? `Hello ${invitation.name},` : 'Hello,',
      `${by} to help run ${shop} as ${ROLE_WORDS[invitation.role]}. Choose your password to create your staff account, then sign in with this email address.`,
      `The link works once, for ${STAFF_INVITATION_TTL_HOURS} hours (until ${until}).`,
    ],
    link: { href, button: 'Accept the invitation', text: 'Or open this link:' },
    footnote: `If you did not expect this invitation, ignore this mail: no account is made until the link is used.`,
    shop: { name: shop, logo: settings.logoUrl ? linkTo(settings.linkBase, settings.logoUrl) : null },
  });
}
