//===- TestCompTest.cpp - Test-Comp suites from Theseus tests -------------===//
#include "report/TestComp.h"

#include <gtest/gtest.h>

using namespace theseus;

namespace {

nlohmann::json created(const std::string &Name, const std::string &Type,
                       nlohmann::json Value) {
  return {
      {"name", Name}, {"kind", "created"}, {"type", Type}, {"value", Value}};
}

} // namespace

// Only __VERIFIER_nondet_* values go into a testcase, in creation order,
// each with its type; parameters and other created inputs do not.
TEST(TestCompTest, TestcaseHoldsNondetValuesInOrder) {
  nlohmann::json Test = {
      {"inputs",
       {{{"name", "n"}, {"kind", "parameter"}, {"type", "int"}, {"value", 3}},
        created("nondet_uint_1", "unsigned int", 4294967295u),
        created("buf", "char[4]", 7),
        created("nondet_char_2", "char", -5)}},
      {"outcome", {{"kind", "return"}}}};
  EXPECT_EQ(testcaseXml(Test).substr(testcaseXml(Test).find("<testcase")),
            "<testcase>\n"
            "  <input type=\"unsigned int\">4294967295</input>\n"
            "  <input type=\"char\">-5</input>\n"
            "</testcase>\n");
}

TEST(TestCompTest, ReachErrorTestCoversTheError) {
  nlohmann::json Test = {
      {"inputs", nlohmann::json::array()},
      {"outcome", {{"kind", "bug"}, {"bug", "reach-error"}}}};
  EXPECT_NE(testcaseXml(Test).find("<testcase coversError=\"true\">"),
            std::string::npos);
  Test["outcome"]["bug"] = "division-by-zero";
  EXPECT_EQ(testcaseXml(Test).find("coversError"), std::string::npos);
}

// The DTD's sequence fixes the order of the metadata's elements; text is
// escaped.
TEST(TestCompTest, MetadataFollowsTheDtdOrder) {
  TestCompMetadata M{"COVER( init(f()), FQL(a<b & c) )",
                     "p.c",
                     "ab",
                     "f",
                     "32bit",
                     "2026-01-01T00:00:00Z"};
  std::string Xml = metadataXml(M);
  size_t At = 0;
  for (const char *Tag :
       {"<sourcecodelang>C<", "<producer>Theseus ", "<specification>",
        "<programfile>p.c<", "<programhash>ab<", "<entryfunction>f<",
        "<architecture>32bit<", "<creationtime>2026-01-01T00:00:00Z<"}) {
    size_t Next = Xml.find(Tag, At);
    ASSERT_NE(Next, std::string::npos) << Tag;
    At = Next;
  }
  EXPECT_NE(Xml.find("FQL(a&lt;b &amp; c)"), std::string::npos);
  EXPECT_EQ(branchCoverageSpecification("f"),
            "COVER( init(f()), FQL(COVER EDGES(@DECISIONEDGE)) )");
}
