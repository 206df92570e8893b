// The theme helpers live in lib/ so features (the settings switch) can use them too.
export * from '../lib/theme';
