import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import morfologik.stemming.WordData;
import morfologik.stemming.polish.PolishStemmer;

/**
 * Reference lookups by the real morfologik library, for the parity check of the TypeScript port:
 * one word per input line → one output line "word<TAB>lemma<TAB>tag" per analysis (none when unknown).
 */
public class MorfologikDump {
  public static void main(String[] args) throws Exception {
    PolishStemmer stemmer = new PolishStemmer();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream out = new PrintStream(System.out, true, "UTF-8");
    String word;
    while ((word = in.readLine()) != null) {
      if (word.isEmpty()) continue;
      List<WordData> found = stemmer.lookup(word);
      for (WordData d : found) {
        out.println(word + "\t" + d.getStem() + "\t" + (d.getTag() == null ? "" : d.getTag()));
      }
    }
  }
}
