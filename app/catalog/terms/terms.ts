import { de } from "./de";
import { es } from "./es";
import { fr } from "./fr";
import { ja } from "./ja";
import type { LanguageTerms, TermLanguage } from "./language-terms";
import { ptBR } from "./pt-br";

export type { Forms, LanguageTerms, TermLanguage } from "./language-terms";
export { NICHE_SEARCH_TERMS, TERM_LANGUAGES } from "./language-terms";

/** Every language's catalogue terms; English is the key, not an entry. */
export const LANGUAGE_TERMS: Record<TermLanguage, LanguageTerms> = { de, fr, es, "pt-BR": ptBR, ja };
