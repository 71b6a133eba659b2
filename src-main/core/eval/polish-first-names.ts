/**
 * Common Polish given names (nominative, lower case), with their usual diminutives. Used to
 * tell people from places and brands among the proper names of a log: a language resource
 * (what Polish first names are), not a list drawn from any corpus or question.
 */
export const POLISH_FIRST_NAMES: ReadonlySet<string> = new Set(
  `
adam adrian agata agnieszka aleksander aleksandra alicja amelia andrzej aneta aniela anna ania antoni
antonina arkadiusz artur barbara basia bartek bartłomiej bartosz beata bogdan bogusław bożena cezary
czesław damian daniel danuta dariusz daria dawid dominik dominika dorota edyta elżbieta emil emilia
ewa ewelina filip franciszek gabriela grażyna grzegorz halina hanna helena henryk hubert igor irena
iwona izabela jacek jadwiga jakub jan janina janusz jarosław jerzy joanna jolanta józef julia julian
justyna kacper kamil kamila karol karolina kasia katarzyna kazimierz kinga klaudia konrad krystian
krystyna krzysztof kuba lena leon leszek lidia łucja łukasz maciej magda magdalena maja małgorzata
marcin marek maria marian mariusz marta marzena mateusz michał michalina mikołaj milena mirosław
monika natalia nikola nikodem norbert ola olga oliwia oskar patrycja patryk paula paulina paweł
piotr przemysław rafał renata robert roman ryszard sabina sebastian stanisław stefan sylwia szymon
tadeusz tamara teresa tomasz tomek urszula wanda weronika wiesław wiktor wiktoria witold władysław
włodzimierz wojciech zbigniew zdzisław zenon zofia zosia zuzanna zuza żaneta
`
    .split(/\s+/)
    .filter(Boolean),
);
