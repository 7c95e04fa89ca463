//===- TestCompTest.cpp - Test-Comp suites from Theseus tests -------------===//
#include "report/TestComp.h"
#include "report/TestRecord.h"

#include <gtest/gtest.h>

using namespace theseus;

namespace {

TestInput input(bool Created, const std::string &Name, const std::string &Type,
                std::optional<std::string> Value) {
  TestInput In;
  In.Created = Created;
  In.Name = Name;
  In.CType = Type;
  In.Value = std::move(Value);
  return In;
}

} // namespace

// Only __VERIFIER_nondet_* values go into a testcase, in creation order,
// each with its type, a float's as its exact decimal; parameters, other
// created inputs and values that are no number do not.
TEST(TestCompTest, TestcaseHoldsNondetValuesInOrder) {
  TestRecord Test;
  Test.Outcome.Kind = "return";
  Test.Inputs = {input(false, "n", "int", "3"),
                 input(true, "nondet_uint_1", "unsigned int", "4294967295"),
                 input(true, "buf", "char[4]", "7"),
                 input(true, "nondet_float_3", "float", "\"1.5\""),
                 input(true, "nondet_long_4", "long", std::nullopt),
                 input(true, "nondet_char_2", "char", "-5"),
                 input(true, "nondet_double_5", "double", "\"-nan\""),
                 input(true, "nondet_int_6", "int", "\"7\"")};
  EXPECT_EQ(testcaseXml(Test).substr(testcaseXml(Test).find("<testcase")),
            "<testcase>\n"
            "  <input type=\"unsigned int\">4294967295</input>\n"
            "  <input type=\"float\">1.5</input>\n"
            "  <input type=\"char\">-5</input>\n"
            "  <input type=\"double\">-nan</input>\n"
            "</testcase>\n");
}

TEST(TestCompTest, ReachErrorTestCoversTheError) {
  TestRecord Test;
  Test.Outcome.Kind = "bug";
  Test.Outcome.Bug = "reach-error";
  EXPECT_NE(testcaseXml(Test).find("<testcase coversError=\"true\">"),
            std::string::npos);
  Test.Outcome.Bug = "division-by-zero";
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
