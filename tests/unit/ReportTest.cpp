//===- ReportTest.cpp - summary timeline and HTML escaping ----------------===//
#include "report/Html.h"
#include "report/Summary.h"

#include <gtest/gtest.h>

using namespace theseus;

TEST(Timeline, StaysSmallAndSpansTheWholeRun) {
  Timeline T;
  for (int I = 0; I <= 100'000; ++I)
    T.sample({I * 0.01, uint64_t(I), uint64_t(I), 0, 0, 0});
  T.finish({1000.5, 100'001, 100'001, 1, 5, 4});
  const auto &P = T.points();
  ASSERT_LE(P.size(), Timeline::MaxPoints + 1);
  ASSERT_GE(P.size(), Timeline::MaxPoints / 2);
  EXPECT_EQ(P.front().Seconds, 0);
  EXPECT_GT(P[P.size() - 2].Seconds, 900); // Samples reach the end...
  EXPECT_EQ(P.back().Paths, 100'001u); // ...and the last is the final state.
  for (size_t I = 1; I < P.size(); ++I)
    EXPECT_LT(P[I - 1].Seconds, P[I].Seconds);
}

TEST(Timeline, SamplesNoMoreThanOncePerInterval) {
  Timeline T;
  for (int I = 0; I < 1000; ++I)
    T.sample({I * 0.001, uint64_t(I), 0, 0, 0, 0});
  EXPECT_EQ(T.points().size(), 20u); // One per 0.05 s over one second.
}

TEST(Html, EscapesMarkup) {
  EXPECT_EQ(
      escapeHtml("<script>a && \"b\" 'c'</script>"),
      "&lt;script&gt;a &amp;&amp; &quot;b&quot; &#39;c&#39;&lt;/script&gt;");
}

TEST(Html, MissingRunDirectoryIsAProblemNotACrash) {
  HtmlResult R = writeHtmlReport("/nonexistent/theseus-run", HtmlOptions());
  EXPECT_NE(R.Problem.find("summary.json"), std::string::npos);
  EXPECT_EQ(R.Bytes, 0u);
}
