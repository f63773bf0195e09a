// Who pays for a new search (docs/permissions-and-credits.md): the one rule the server charges by and the web app
// shows the cost from. Admins search free; the corporate plan is unlimited; other corporate users pay 1 credit of
// their balance for each new comparison, personalised comparison, evolution or income projection; members search
// free once they have a completed form (the server refuses them without one). Re-opening a saved search is free for
// everyone.

/** admin: free; unlimited: the corporate plan; credits: 1 credit per new search; member: free with a completed form. */
export type SearchPayer = 'admin' | 'unlimited' | 'credits' | 'member';

/** The roles and plan of an account, as the server's caller and the contract's User both carry them. */
export interface SearchAccount {
  roles: readonly string[];
  premiumType: string | null | undefined;
}

export function searchPayerOf(account: SearchAccount): SearchPayer {
  if (account.roles.includes('admin')) return 'admin';
  if (account.roles.includes('corporate')) return account.premiumType === 'corporate' ? 'unlimited' : 'credits';
  return 'member';
}
