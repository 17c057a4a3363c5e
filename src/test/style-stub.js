// Stands in for imported stylesheets in client tests (jest.config.js moduleNameMapper).
export default {};
