import { LanguageAndCurrencySheet } from '../../features/preferences/components/language-and-currency-sheet.tsx';

export default LanguageAndCurrencySheet;
