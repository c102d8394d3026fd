// PLACEHOLDER: implementation pending.
export {};
