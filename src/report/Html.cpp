//===- Html.cpp - report.html: a run directory as one web page -----------===//
#include "report/Html.h"

#include "report/Summary.h"
#include "report/TestFile.h"
#include "report/TestRecord.h"
#include "store/RunDatabase.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <chrono>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace theseus {

namespace {

// The page's CSS and JavaScript (src/report/html/), as ReportCss and
// ReportJs.
#include "report/HtmlAssets.inc"

using nlohmann::json;

json readJson(const std::string &Path) {
  std::ifstream In(Path);
  if (!In)
    throw std::runtime_error("cannot read " + Path);
  return json::parse(In);
}

/// "test000042.json" -> 42; 0 for any other name.
uint64_t testNumber(llvm::StringRef Name) {
  uint64_t N = 0;
  if (!Name.consume_front("test") || !Name.consume_back(".json") ||
      Name.getAsInteger(10, N))
    return 0;
  return N;
}

/// The run directory's tests, by number.
std::vector<uint64_t> listTests(const std::string &Dir) {
  std::vector<uint64_t> Numbers;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (uint64_t N = testNumber(llvm::sys::path::filename(It->path())))
      Numbers.push_back(N);
  std::sort(Numbers.begin(), Numbers.end());
  return Numbers;
}

std::string clip(const std::string &S, size_t Max) {
  if (S.size() <= Max)
    return S;
  // Do not cut a UTF-8 sequence in two.
  size_t At = Max;
  while (At > 0 && (static_cast<unsigned char>(S[At]) & 0xc0) == 0x80)
    --At;
  return S.substr(0, At) + "...";
}

std::string inputsText(const TestRecord &Test) {
  std::string Text;
  for (const TestInput &In : Test.Inputs)
    Text += (Text.empty() ? "" : ", ") + inputText(In);
  if (Test.CommandLine) {
    std::string Argv;
    for (const TestArgument &A : Test.Argv)
      Argv += (Argv.empty() ? "" : " ") + json(A.Escaped).dump();
    Text += (Text.empty() ? "" : ", ") + ("argv = " + Argv);
  }
  if (!Test.StdinEscaped.empty())
    Text += (Text.empty() ? "" : ", ") +
            ("stdin = " + json(Test.StdinEscaped).dump());
  return Text;
}

/// The members of a test's outcome the page shows, as the test has them.
void addOutcome(json &C, const RecordedOutcome &Out, const HtmlOptions &O) {
  C["outcome"] = Out.Kind;
  if (Out.Value != "void")
    C["value"] = json::parse(Out.Value);
  if (Out.Kind == "exit")
    C["code"] = Out.Code;
  if (Out.Kind == "bug")
    C["bug"] = Out.Bug;
  if (Out.HasLocation) {
    C["file"] = Out.File;
    C["line"] = Out.Line;
  }
  if (Out.Stack) {
    C["stack"] = json::array();
    for (const RecordedFrame &F : *Out.Stack)
      C["stack"].push_back(
          {{"file", F.File}, {"function", F.Function}, {"line", F.Line}});
  }
  if (Out.Message)
    C["message"] = clip(*Out.Message, O.MaxTextChars);
}

/// An entry of a test's explanation, as the test has it.
json decisionJson(const RecordedDecision &D) {
  return {{"condition", D.Condition},
          {"file", D.File},
          {"kind", D.Kind},
          {"line", D.Line},
          {"taken", D.IsSwitch ? json(D.Case) : json(D.Taken)}};
}

/// What the page shows of one test.
json compactTest(const TestRecord &T, const HtmlOptions &O) {
  json C = {{"n", T.Number},
            {"inputs", clip(inputsText(T), O.MaxTextChars)},
            {"diverged", T.Diverged}};
  addOutcome(C, T.Outcome, O);
  if (!T.Stdout.empty())
    C["stdout"] = clip(T.Stdout, O.MaxTextChars);
  if (T.VariantOf)
    C["variant_of"] = *T.VariantOf;
  if (T.Negated)
    C["negated"] = {{"decision", T.Negated->Decision},
                    {"test", T.Negated->Test}};
  if (T.Explanation) {
    const std::vector<RecordedDecision> &E = *T.Explanation;
    size_t Kept = std::min(E.size(), O.MaxDecisions);
    C["explanation"] = json::array();
    for (size_t I = 0; I < Kept; ++I)
      C["explanation"].push_back(decisionJson(E[I]));
    if (uint64_t Left = E.size() - Kept + T.ExplanationTruncated)
      C["explanation_truncated"] = Left;
  }
  return C;
}

/// The tests the page embeds: in order up to the caps, and every test a
/// bug names whatever the caps.
struct EmbeddedTests {
  json Tests = json::array();
  uint64_t Total = 0;
  std::vector<std::string> Sources; ///< From the first test's program.
};

EmbeddedTests embedTests(const std::string &Dir, const json &Summary,
                         const HtmlOptions &O) {
  EmbeddedTests E;
  std::vector<uint64_t> Numbers = listTests(Dir);
  E.Total = Numbers.size();
  std::set<uint64_t> Needed;
  for (const json &B : Summary.value("bugs", json::array()))
    Needed.insert(testNumber(B.value("test", "")));
  size_t Bytes = 0;
  for (uint64_t N : Numbers) {
    bool Full = E.Tests.size() >= O.MaxTests || Bytes >= O.MaxTestBytes;
    if (Full && !Needed.count(N))
      continue;
    TestRecord T = readTestFile(Dir + "/" + testFileName(N), "report");
    if (E.Sources.empty())
      E.Sources = T.Program.Sources;
    json C = compactTest(T, O);
    Bytes += C.dump().size();
    E.Tests.push_back(std::move(C));
  }
  return E;
}

/// coverage.info: per source file, the hit count of each line and of each
/// branch edge, by line.
json readLcov(const std::string &Path) {
  json Files = json::object();
  std::ifstream In(Path);
  std::string Line, File;
  while (std::getline(In, Line)) {
    llvm::StringRef L(Line);
    if (L.consume_front("SF:")) {
      File = L.str();
      Files[File] = {{"lines", json::object()}, {"branches", json::object()}};
      continue;
    }
    if (File.empty())
      continue;
    llvm::SmallVector<llvm::StringRef, 4> F;
    if (L.consume_front("DA:")) {
      L.split(F, ',');
      uint64_t Hits = 0;
      if (F.size() >= 2 && !F[1].getAsInteger(10, Hits))
        Files[File]["lines"][F[0].str()] = Hits;
    } else if (L.consume_front("BRDA:")) {
      L.split(F, ',');
      uint64_t Hits = 0;
      if (F.size() >= 4)
        Files[File]["branches"][F[0].str()].push_back(
            F[3].getAsInteger(10, Hits) ? 0 : Hits);
    }
  }
  return Files;
}

/// Each source file's lines, within the page's budget.
json readSources(const std::vector<std::string> &Paths, const HtmlOptions &O,
                 uint64_t &LinesLeftOut) {
  json Files = json::array();
  size_t Budget = O.MaxSourceLines;
  for (const std::string &P : Paths) {
    json Lines = json::array();
    std::ifstream In(P);
    for (std::string Line; std::getline(In, Line);) {
      if (!Budget) {
        ++LinesLeftOut;
        continue;
      }
      Lines.push_back(Line);
      --Budget;
    }
    Files.push_back(
        {{"path", P}, {"readable", bool(In.eof())}, {"lines", Lines}});
  }
  return Files;
}

/// The tree drawn: the first nodes by id (parents come first, so they form
/// a tree), each with what its box and tooltip show.
json readTree(const std::string &Path, const HtmlOptions &O, uint64_t &Total) {
  if (!llvm::sys::fs::exists(Path))
    return nullptr;
  json T = readJson(Path);
  const json &Nodes = T.at("nodes");
  Total = Nodes.size();
  json Out = json::array();
  for (size_t I = 0; I < Nodes.size() && I < O.MaxTreeNodes; ++I) {
    const json &N = Nodes[I];
    json C = {{"id", N.at("id")}, {"parent", N.value("parent", json())}};
    if (N.contains("line"))
      C["line"] = N["line"];
    if (N.contains("source"))
      C["source"] = clip(N["source"].get<std::string>(), 80);
    if (N.contains("condition"))
      C["condition"] = clip(N["condition"].get<std::string>(), 160);
    for (const char *Key : {"leaf", "outcome"})
      if (N.contains(Key))
        C[Key] = N[Key];
    if (N.contains("test"))
      C["test"] = testNumber(N["test"].get<std::string>());
    Out.push_back(std::move(C));
  }
  return {{"format", T.value("format", "")}, {"nodes", Out}};
}

/// The tree as run.db keeps it (its first --tree-max-nodes nodes), for a
/// run whose tree.json was not written: readTree's fields but the source
/// line and the outcome.
json readStoredTree(const std::string &Dir, const HtmlOptions &O,
                    uint64_t &Total) {
  std::string Path = Dir + "/" + RunDatabaseName;
  if (!llvm::sys::fs::exists(Path))
    return nullptr;
  std::vector<TreeNodeRow> Nodes;
  try {
    Nodes = RunDatabase::open(Path)->tree();
  } catch (const StoreError &) {
    return nullptr; // The report shows what the other files hold.
  }
  if (Nodes.empty())
    return nullptr;
  Total = Nodes.size();
  json Out = json::array();
  for (size_t I = 0; I < Nodes.size() && I < O.MaxTreeNodes; ++I) {
    const TreeNodeRow &N = Nodes[I];
    json C = {{"id", N.Id}, {"parent", N.Parent < 0 ? json() : json(N.Parent)}};
    if (N.Line)
      C["line"] = N.Line;
    if (!N.Condition.empty())
      C["condition"] = clip(N.Condition, 160);
    if (!N.Leaf.empty())
      C["leaf"] = N.Leaf;
    if (N.Test)
      C["test"] = N.Test;
    Out.push_back(std::move(C));
  }
  return {{"format", "theseus-tree-1"}, {"nodes", Out}};
}

std::string absolutePath(const std::string &Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
}

/// `Word` as one shell word.
std::string shellQuote(const std::string &Word) {
  if (Word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRST"
                             "UVWXYZ0123456789_-./+,:=@") == std::string::npos)
    return Word;
  std::string Q = "'";
  for (char C : Word)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

/// JSON that can sit inside a <script> element: no "</script>" or "<!--".
std::string scriptSafe(const json &J) {
  std::string S = J.dump(-1, ' ', false, json::error_handler_t::replace);
  std::string Out;
  Out.reserve(S.size());
  for (char C : S)
    Out += C == '<' ? std::string("\\u003c") : std::string(1, C);
  return Out;
}

std::string number(const json &J, const char *Fmt = "{}") {
  if (J.is_number_float())
    return fmt::format(fmt::runtime(Fmt), J.get<double>());
  return J.is_null() ? "?" : J.dump();
}

/// One verdict of the header.
std::string verdict(const std::string &Id, const std::string &Name,
                    const std::string &Value, const std::string &Note = "") {
  return fmt::format(
      "<div class=\"verdict\"><dt>{}</dt><dd id=\"{}\">{}</dd>"
      "{}</div>\n",
      escapeHtml(Name), Id, escapeHtml(Value),
      Note.empty() ? "" : "<dd class=\"note\">" + escapeHtml(Note) + "</dd>");
}

std::string coverageText(const json &C) {
  return fmt::format("{:.1f}%", C.value("percent", 0.0));
}

/// "3/4" of the functions the entry reaches, and of all functions in the
/// files when those have more.
std::string coverageNote(const json &Reached, const json &All) {
  std::string Note =
      fmt::format("{}/{}", number(Reached.value("covered", json())),
                  number(Reached.value("total", json())));
  if (All.value("total", json()) != Reached.value("total", json()) &&
      All.contains("total"))
    Note += fmt::format("; all functions {} ({}/{})", coverageText(All),
                        number(All.value("covered", json())),
                        number(All.value("total", json())));
  return Note;
}

/// The run's time as a bar: solver, interpreter, and the rest.
std::string timeSplit(const json &T) {
  double Total = T.value("total", 0.0), Solver = T.value("solver", 0.0),
         Interp = T.value("interpreter", 0.0);
  double Other = std::max(0.0, Total - Solver - Interp);
  auto Part = [Total](const char *Class, const char *Name, double S) {
    double Pct = Total > 0 ? 100 * S / Total : 0;
    return fmt::format("<span class=\"{}\" style=\"width:{:.2f}%\" "
                       "title=\"{} {:.2f} s\"></span>",
                       Class, std::min(Pct, 100.0), Name, S);
  };
  return fmt::format(
      "<div class=\"time\"><p>time {:.2f} s: <span class=\"key solver\">"
      "</span>solver {:.2f} s, <span class=\"key interp\"></span>interpreter "
      "{:.2f} s, <span class=\"key other\"></span>other {:.2f} s</p>\n"
      "<div class=\"bar\">{}{}{}</div></div>\n",
      Total, Solver, Interp, Other, Part("solver", "solver", Solver),
      Part("interp", "interpreter", Interp), Part("other", "other", Other));
}

/// What the run assumed about the inputs, one item each.
std::string assumptionsList(const json &All) {
  if (All.empty())
    return "";
  std::string Items;
  for (const json &A : All)
    Items += "<li>" + escapeHtml(A.value("text", "")) + "</li>";
  return "<div id=\"assumptions\" class=\"assumptions\"><p>Assumptions on the "
         "inputs:</p><ul>" +
         Items + "</ul></div>\n";
}

std::string header(const json &S, uint64_t Tests) {
  const json &Cov = S.value("coverage", json::object());
  json Lines = Cov.value("lines", json::object());
  json Branches = Cov.value("branches", json::object());
  std::string H = fmt::format(
      "<header>\n<h1>Theseus: <code>{}</code></h1>\n<p class=\"run\">{} "
      "mode, {} search</p>\n<dl class=\"verdicts\">\n",
      escapeHtml(S.value("entry", "?")), escapeHtml(S.value("mode", "?")),
      escapeHtml(S.value("strategy", "?")));
  H += verdict("count-bugs", "bugs",
               std::to_string(S.value("bugs", json::array()).size()));
  json All = Cov.value("all_functions", json::object());
  H += verdict("coverage-lines", "lines", coverageText(Lines),
               coverageNote(Lines, All.value("lines", json::object())));
  bool Complete = S.value("complete", false);
  H += verdict("coverage-branches", "branches", coverageText(Branches),
               coverageNote(Branches, All.value("branches", json::object())) +
                   beyondAssumptionsText(Cov, Complete));
  H += verdict("count-paths", "paths", number(S.value("paths", json())));
  // Every test of the run (run.db), and those the run directory holds as
  // files (the suite), which the page lists.
  H += verdict("count-tests", "tests", std::to_string(S.value("tests", Tests)));
  H += verdict("count-test-files", "test files", std::to_string(Tests));
  H += verdict("stop-reason", "stopped", S.value("stop_reason", "?"));
  H += "</dl>\n";
  if (Complete) {
    H += "<p id=\"completeness\" class=\"complete\">Complete: every feasible "
         "path ran to its end" +
         std::string(S.value("complete_under_assumptions", false)
                         ? ", under the assumptions below"
                         : "") +
         ".</p>\n";
  } else {
    std::string Cuts;
    json Because = S.value("incomplete_because", json::object());
    for (const auto &[Why, Count] : Because.items())
      Cuts += (Cuts.empty() ? "" : ", ") + Why + " (" + Count.dump() + ")";
    H += "<p id=\"completeness\" class=\"incomplete\">Incomplete: " +
         escapeHtml(Cuts.empty() ? "the run did not finish" : Cuts) + ".</p>\n";
  }
  H += assumptionsList(S.value("assumptions", json::array()));
  return H + timeSplit(S.value("time", json::object())) + "</header>\n";
}

std::string solverTable(const json &S) {
  static const std::pair<const char *, const char *> Rows[] = {
      {"queries", "queries"},
      {"trivial", "answered trivially"},
      {"cache_hits", "cache hits"},
      {"cex_cache_hits", "counterexample cache hits"},
      {"model_reuses", "model reuses"},
      {"single_byte", "answered by trying one byte's values"},
      {"z3_calls", "Z3 calls"},
      {"z3_seconds", "Z3 time (s)"},
      {"unknown", "unknown answers"},
      {"constraints_before_slicing", "constraints before slicing"},
      {"constraints_after_slicing", "constraints after slicing"}};
  std::string Out = "<table class=\"solver\"><tbody>\n";
  for (const auto &[Key, Name] : Rows)
    if (S.contains(Key))
      Out += fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", Name,
                         number(S[Key], "{:.3f}"));
  return Out + "</tbody></table>\n";
}

/// What the page left out, in words.
std::string capsNote(const json &Caps) {
  std::string Out;
  uint64_t Tests = Caps["tests_total"], Shown = Caps["tests_embedded"];
  if (Shown < Tests)
    Out += fmt::format("<li>{} of {} tests are embedded (the first ones and "
                       "every bug's); the others are the test files in the "
                       "run directory.</li>",
                       Shown, Tests);
  uint64_t Nodes = Caps["tree_total"], Drawn = Caps["tree_drawn"];
  if (Drawn < Nodes)
    Out += fmt::format("<li>The tree shows its first {} of {} nodes.</li>",
                       Drawn, Nodes);
  if (uint64_t Lines = Caps["source_lines_left_out"])
    Out += fmt::format("<li>{} source lines are not shown.</li>", Lines);
  if (Out.empty())
    return "";
  return "<section id=\"caps\" class=\"caps\"><h2>Not shown</h2><ul>" + Out +
         "</ul></section>\n";
}

} // namespace

std::string escapeHtml(llvm::StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

std::string renderHtmlReport(const std::string &Dir, const HtmlOptions &O) {
  json Summary = readJson(Dir + "/summary.json");
  EmbeddedTests Tests = embedTests(Dir, Summary, O);
  json Coverage = readLcov(Dir + "/coverage.info");
  std::vector<std::string> Paths = Tests.Sources;
  for (const auto &[Path, _] : Coverage.items())
    if (std::find(Paths.begin(), Paths.end(), Path) == Paths.end())
      Paths.push_back(Path);
  uint64_t LinesLeftOut = 0, TreeTotal = 0;
  json Tree = readTree(Dir + "/tree.json", O, TreeTotal);
  if (Tree.is_null()) {
    Tree = readStoredTree(Dir, O, TreeTotal);
    TreeTotal = std::max<uint64_t>(TreeTotal, Summary.value("tree_nodes", 0));
  }
  json Data = {{"summary", Summary},
               {"tests", Tests.Tests},
               {"coverage", Coverage},
               {"sources", readSources(Paths, O, LinesLeftOut)},
               {"tree", Tree},
               {"replay", O.Theseus + " replay "},
               {"dir", shellQuote(absolutePath(Dir)) + "/"}};
  Data["caps"] = {{"tests_total", Tests.Total},
                  {"tests_embedded", Tests.Tests.size()},
                  {"tree_total", TreeTotal},
                  {"tree_drawn", std::min<uint64_t>(TreeTotal, O.MaxTreeNodes)},
                  {"source_lines_left_out", LinesLeftOut}};
  std::string Page = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>Theseus report: {}</title>\n<style>\n{}</style>\n</head>\n"
      "<body>\n",
      escapeHtml(Summary.value("entry", "?")), ReportCss);
  Page += header(Summary, Tests.Total);
  Page += "<main>\n" + capsNote(Data["caps"]);
  Page += ReportBody;
  Page += "<section id=\"solver-section\"><h2>Solver</h2>\n" +
          solverTable(Summary.value("solver", json::object())) + "</section>\n";
  Page += "</main>\n<script type=\"application/json\" id=\"theseus-data\">" +
          scriptSafe(Data) + "</script>\n<script>\n" + ReportJs +
          "</script>\n</body>\n</html>\n";
  return Page;
}

HtmlResult writeHtmlReport(const std::string &Dir, const HtmlOptions &O) {
  auto Start = std::chrono::steady_clock::now();
  HtmlResult R;
  try {
    std::string Page = renderHtmlReport(Dir, O);
    std::string Path = Dir + "/report.html", Tmp = Path + ".tmp";
    {
      std::ofstream OS(Tmp, std::ios::binary);
      OS << Page;
      if (!OS)
        throw std::runtime_error("cannot write " + Tmp);
    }
    if (std::rename(Tmp.c_str(), Path.c_str()) != 0)
      throw std::runtime_error("cannot write " + Path);
    R.Bytes = Page.size();
  } catch (const std::exception &E) {
    R.Problem = E.what();
  }
  R.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return R;
}

} // namespace theseus
