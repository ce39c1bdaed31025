// What only the server writes about editor's-choice votes: the photographer's notification when the
// vote passes. Answers the web shows are MANAGE_MESSAGES in the contract.

export const VOTES_TEXTS = {
  featuredNotice: {
    title: '你的照片入选编辑精选',
    body: '审图员投票选出了你的照片，它将展示在首页的编辑精选中。',
  },
} as const;
