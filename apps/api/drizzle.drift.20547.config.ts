export default { dialect: 'postgresql', schema: './src/db/schema/index.ts', out: './.drift-20547' };
