// What only the server writes in the open API's answers: oEmbed names the site as its provider.

export const PUBLIC_API_TEXTS = {
  providerName: '航迹 Contrail',
} as const;
