//===- SourceText.cpp - Decisions of a path in the program's own words ---===//
#include "report/SourceText.h"

#include "program/Program.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

#include <cctype>
#include <fmt/format.h>
#include <fstream>

namespace theseus {

namespace {

const size_t NoPos = llvm::StringRef::npos;

bool isWordChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

/// The identifier that starts at `At`, or "".
llvm::StringRef wordAt(llvm::StringRef Line, size_t At) {
  if (At >= Line.size() || (At > 0 && isWordChar(Line[At - 1])))
    return "";
  size_t End = At;
  while (End < Line.size() && isWordChar(Line[End]))
    ++End;
  return Line.slice(At, End);
}

/// The first character at or after `At` that is not a blank.
size_t skipBlanks(llvm::StringRef Line, size_t At) {
  return Line.find_first_not_of(" \t", At);
}

/// The text inside the parenthesis that opens at `Open`, up to the line's
/// end and "..." when it closes on a later line.
std::string parenthesised(llvm::StringRef Line, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < Line.size(); ++I) {
    Depth += Line[I] == '(';
    Depth -= Line[I] == ')';
    if (Depth == 0)
      return Line.slice(Open + 1, I).trim().str();
  }
  return Line.substr(Open + 1).trim().str() + " ...";
}

/// The middle clause of `for (init; cond; step)`.
std::string forCondition(llvm::StringRef Line, size_t Open) {
  int Depth = 0;
  size_t First = NoPos;
  for (size_t I = Open + 1; I < Line.size(); ++I) {
    char C = Line[I];
    Depth += C == '(';
    if (C == ')' && Depth-- == 0)
      break;
    if (C != ';' || Depth != 0)
      continue;
    if (First != NoPos)
      return Line.slice(First + 1, I).trim().str();
    First = I;
  }
  return parenthesised(Line, Open);
}

/// The condition of the statement keyword `Keyword` at `At`.
std::string statementCondition(llvm::StringRef Line, size_t At,
                               llvm::StringRef Keyword) {
  size_t Open = skipBlanks(Line, At + Keyword.size());
  if (Open == NoPos || Line[Open] != '(')
    return "";
  return Keyword == "for" ? forCondition(Line, Open)
                          : parenthesised(Line, Open);
}

bool isStatementKeyword(llvm::StringRef W) {
  return W == "if" || W == "while" || W == "switch" || W == "for";
}

/// Whether the operand left of a logical operator starts after `At`: a
/// `&&` or `||`, a statement or declaration boundary, or an assignment.
bool endsOperand(llvm::StringRef Line, size_t At) {
  char C = Line[At];
  if (C == ';' || C == ',' || C == '?' || C == ':' || C == '{')
    return true;
  llvm::StringRef Pair = Line.substr(At > 0 ? At - 1 : 0, 2);
  if (Pair == "&&" || Pair == "||")
    return true;
  if (C != '=')
    return false;
  char Before = At > 0 ? Line[At - 1] : ' ';
  char After = At + 1 < Line.size() ? Line[At + 1] : ' ';
  return After != '=' && !llvm::StringRef("=!<>").contains(Before);
}

/// The operand left of the `&&` or `||` at `At`: back to an unmatched
/// parenthesis or the previous `&&` / `||` at the same depth.
std::string leftOperand(llvm::StringRef Line, size_t At) {
  int Depth = 0;
  for (size_t I = At; I-- > 0;) {
    char C = Line[I];
    Depth += C == ')';
    bool Open = C == '(' && Depth-- == 0;
    if (Open || (Depth == 0 && endsOperand(Line, I)))
      return Line.slice(I + 1, At).trim().str();
  }
  // From the line's start: the statement starts here, or goes on from
  // the line before.
  llvm::StringRef Text = Line.take_front(At).trim();
  if (wordAt(Text, 0) == "return")
    return Text.drop_front(6).trim().str();
  return "... " + Text.str();
}

/// The condition whose first character is at `At`: the whole condition of
/// the enclosing `if` / `while` / `switch` / `for`, or the part of `?:`
/// before the `?`.
std::string conditionStartingAt(llvm::StringRef Line, size_t At) {
  int Depth = 0;
  for (size_t I = At; I-- > 0;) {
    char C = Line[I];
    Depth += C == ')';
    if (C != '(' || Depth-- != 0)
      continue;
    size_t End = I;
    while (End > 0 && (Line[End - 1] == ' ' || Line[End - 1] == '\t'))
      --End;
    size_t Begin = End;
    while (Begin > 0 && isWordChar(Line[Begin - 1]))
      --Begin;
    llvm::StringRef W = Line.slice(Begin, End);
    if (isStatementKeyword(W))
      return W == "for" ? forCondition(Line, I) : parenthesised(Line, I);
    break; // Inside a call or a parenthesised expression.
  }
  Depth = 0;
  for (size_t I = At; I < Line.size(); ++I) {
    char C = Line[I];
    Depth += C == '(';
    if ((C == ')' && Depth-- == 0) || C == ';' || (C == ':' && Depth == 0))
      break;
    if (C == '?' && Depth == 0)
      return Line.slice(At, I).trim().str();
  }
  return "";
}

/// LLVM's name of `V` as the source knows it: "a" for a load of `a.addr`.
std::string valueName(const llvm::Value *V) {
  if (const auto *C = llvm::dyn_cast<llvm::ConstantInt>(V))
    return std::to_string(C->getSExtValue());
  if (const auto *Cast = llvm::dyn_cast<llvm::CastInst>(V))
    return valueName(Cast->getOperand(0));
  if (const auto *Load = llvm::dyn_cast<llvm::LoadInst>(V))
    return valueName(Load->getPointerOperand());
  llvm::StringRef Name = V->getName();
  Name.consume_back(".addr");
  return Name.empty() ? "?" : Name.str();
}

const char *predicateText(llvm::CmpInst::Predicate P) {
  switch (P) {
  case llvm::CmpInst::ICMP_EQ:
    return "==";
  case llvm::CmpInst::ICMP_NE:
    return "!=";
  case llvm::CmpInst::ICMP_SGT:
  case llvm::CmpInst::ICMP_UGT:
    return ">";
  case llvm::CmpInst::ICMP_SGE:
  case llvm::CmpInst::ICMP_UGE:
    return ">=";
  case llvm::CmpInst::ICMP_SLT:
  case llvm::CmpInst::ICMP_ULT:
    return "<";
  case llvm::CmpInst::ICMP_SLE:
  case llvm::CmpInst::ICMP_ULE:
    return "<=";
  default:
    return "?";
  }
}

/// The IR condition of a decision, with source names: for programs whose
/// source cannot be read.
std::string irCondition(const llvm::Instruction *I) {
  const llvm::Value *Cond = nullptr;
  if (const auto *Br = llvm::dyn_cast<llvm::BranchInst>(I))
    Cond = Br->isConditional() ? Br->getCondition() : nullptr;
  else if (const auto *Sw = llvm::dyn_cast<llvm::SwitchInst>(I))
    Cond = Sw->getCondition();
  if (!Cond)
    return I->getOpcodeName();
  if (const auto *Cmp = llvm::dyn_cast<llvm::ICmpInst>(Cond))
    return fmt::format("{} {} {}", valueName(Cmp->getOperand(0)),
                       predicateText(Cmp->getPredicate()),
                       valueName(Cmp->getOperand(1)));
  return valueName(Cond);
}

bool isDivision(const llvm::Instruction *I) {
  switch (I->getOpcode()) {
  case llvm::Instruction::UDiv:
  case llvm::Instruction::SDiv:
  case llvm::Instruction::URem:
  case llvm::Instruction::SRem:
  case llvm::Instruction::FDiv: // --check=float-div-zero's
    return true;
  default:
    return false;
  }
}

/// A division's checks record whether the fault happens: first a zero
/// divisor (only when the divisor is symbolic), then INT_MIN / -1.
std::string divisionCheck(const llvm::Instruction *I, const std::string *Line,
                          unsigned Column, bool Overflow) {
  if (Overflow)
    return fmt::format("not (INT_MIN {} -1)",
                       I->getOpcode() == llvm::Instruction::SRem ? "%" : "/");
  std::string Divisor = Line ? rightOperandAt(*Line, Column) : "";
  if (Divisor.empty())
    Divisor = valueName(I->getOperand(1));
  return Divisor + " != 0";
}

/// The access whose name starts at `Column`: "a[i + 1]", "p", or "".
std::string accessAt(llvm::StringRef Line, unsigned Column) {
  size_t At = Column ? Column - 1 : 0;
  llvm::StringRef Word = wordAt(Line, At);
  size_t End = At + Word.size();
  if (Word.empty() || End >= Line.size() || Line[End] != '[')
    return Word.str();
  size_t Close = Line.find(']', End);
  return Close == NoPos ? Word.str() : Line.slice(At, Close + 1).str();
}

std::string checkCondition(const llvm::Instruction *I, const std::string *Line,
                           unsigned Column) {
  if (!Line)
    return fmt::format("{} check", I->getOpcodeName());
  if (llvm::isa<llvm::LoadInst, llvm::StoreInst, llvm::GetElementPtrInst>(I)) {
    std::string Access = accessAt(*Line, Column);
    return Access.empty() ? "access in bounds" : Access + " in bounds";
  }
  std::string Args = callArgumentsAt(*Line, Column);
  return Args.empty() ? trimmedLine(*Line) : Args;
}

std::string branchCondition(const std::string *Line, unsigned Column) {
  std::string Text = conditionAt(*Line, Column);
  if (Text.empty())
    Text = callArgumentsAt(*Line, Column);
  return Text.empty() ? trimmedLine(*Line) : Text;
}

/// The case a switch took after testing `Steps` cases, the last one a
/// match (`Hit`) or not.
std::string switchCase(const llvm::SwitchInst &Sw, size_t Steps, bool Hit) {
  if (!Hit)
    return "default";
  auto Case = Sw.case_begin() + (Steps - 1);
  return std::to_string(Case->getCaseValue()->getSExtValue());
}

/// The condition decision `D` tested, as text (`Overflow`: a division's
/// second check). `Reversed` when the decision's side is the condition's
/// negation.
std::string decisionCondition(const PathDecision &D, bool Overflow,
                              const SourceLoc &L, const std::string *Line,
                              bool &Reversed) {
  if (!L.known()) // Code without debug information: the C library models.
    return fmt::format("inside {}()", D.Inst->getFunction()->getName().str());
  if (D.Kind == BranchKind::Check && isDivision(D.Inst)) {
    Reversed = true; // The check records the fault.
    return divisionCheck(D.Inst, Line, L.Column, Overflow);
  }
  if (D.Kind == BranchKind::Check &&
      llvm::isa<llvm::FPToSIInst, llvm::FPToUIInst>(D.Inst)) {
    Reversed = true; // --check=nan-index's check records the fault.
    return "converted value is not NaN";
  }
  if (D.Kind == BranchKind::Check)
    return checkCondition(D.Inst, Line, L.Column);
  if (!Line)
    return irCondition(D.Inst);
  if (D.Kind == BranchKind::Assume) {
    std::string Args = callArgumentsAt(*Line, L.Column);
    return Args.empty() ? trimmedLine(*Line) : Args;
  }
  return branchCondition(Line, L.Column);
}

/// Whether `D` is a division's overflow check: the second check of the
/// division, or the only one when the divisor is a constant.
bool isOverflowCheck(const PathDecision &D, const PathDecision *Before) {
  if (D.Kind != BranchKind::Check || !isDivision(D.Inst))
    return false;
  return llvm::isa<llvm::Constant>(D.Inst->getOperand(1)) ||
         (Before && Before->Inst == D.Inst &&
          Before->Kind == BranchKind::Check);
}

} // namespace

std::string trimmedLine(llvm::StringRef Line) { return Line.trim().str(); }

std::string conditionAt(llvm::StringRef Line, unsigned Column) {
  if (Column == 0 || Column > Line.size())
    return "";
  size_t At = Column - 1;
  llvm::StringRef Rest = Line.substr(At);
  if (Rest.starts_with("&&") || Rest.starts_with("||"))
    return leftOperand(Line, At);
  llvm::StringRef Word = wordAt(Line, At);
  if (isStatementKeyword(Word))
    return statementCondition(Line, At, Word);
  if (Rest.starts_with("}") || Word == "do") {
    size_t While = Line.find("while", At);
    return While == NoPos ? "" : statementCondition(Line, While, "while");
  }
  return conditionStartingAt(Line, At);
}

std::string callArgumentsAt(llvm::StringRef Line, unsigned Column) {
  if (Column == 0)
    return "";
  llvm::StringRef Word = wordAt(Line, Column - 1);
  if (Word.empty())
    return "";
  size_t Open = skipBlanks(Line, Column - 1 + Word.size());
  if (Open == NoPos || Line[Open] != '(')
    return "";
  return parenthesised(Line, Open);
}

std::string rightOperandAt(llvm::StringRef Line, unsigned Column) {
  if (Column == 0 || Column > Line.size())
    return "";
  size_t Start = skipBlanks(Line, Column);
  if (Start == NoPos)
    return "";
  if (Line[Start] == '(')
    return "(" + parenthesised(Line, Start) + ")";
  size_t End = Start;
  while (End < Line.size() && (isWordChar(Line[End]) || Line[End] == '.'))
    ++End;
  return Line.slice(Start, End).str();
}

std::string statementOf(llvm::StringRef Line, const std::string &Condition) {
  for (llvm::StringRef Keyword : {"if", "while", "switch"}) {
    for (size_t At = Line.find(Keyword); At != NoPos;
         At = Line.find(Keyword, At + 1)) {
      if (wordAt(Line, At) != Keyword)
        continue;
      size_t Open = skipBlanks(Line, At + Keyword.size());
      if (Open != NoPos && Line[Open] == '(' &&
          parenthesised(Line, Open) == Condition)
        return fmt::format("{} ({})", Keyword.str(), Condition);
    }
  }
  return Condition;
}

const std::string *SourceFiles::line(const std::string &Path, unsigned N) {
  auto [It, New] = Files.try_emplace(Path);
  if (New) {
    std::ifstream In(Path);
    if (In) {
      std::vector<std::string> Lines;
      for (std::string L; std::getline(In, L);)
        Lines.push_back(std::move(L));
      It->second = std::move(Lines);
    }
  }
  if (!It->second || N == 0 || N > It->second->size())
    return nullptr;
  return &(*It->second)[N - 1];
}

const char *decisionKindName(BranchKind K) {
  switch (K) {
  case BranchKind::Check:
    return "check";
  case BranchKind::Assume:
    return "assume";
  default:
    return "branch";
  }
}

const PathExplainer::Worded &PathExplainer::word(const PathDecision &D,
                                                 bool Overflow) {
  auto [It, New] = Words.try_emplace({D.Inst, D.Kind, Overflow});
  if (!New)
    return It->second;
  SourceLoc L = sourceLocOf(D.Inst);
  const std::string *Line =
      L.known() ? Sources.line(L.fullPath(), L.Line) : nullptr;
  Worded &W = It->second;
  W.File = L.File.str();
  W.Line = L.Line;
  W.Condition = decisionCondition(D, Overflow, L, Line, W.Reversed);
  return W;
}

std::vector<ExplainedDecision>
PathExplainer::explain(const std::vector<PathDecision> &Decisions) {
  std::vector<ExplainedDecision> Out;
  Out.reserve(Decisions.size());
  for (size_t I = 0; I < Decisions.size(); ++I) {
    const PathDecision &D = Decisions[I];
    const Worded &W =
        word(D, isOverflowCheck(D, I ? &Decisions[I - 1] : nullptr));
    ExplainedDecision E;
    E.File = W.File;
    E.Line = W.Line;
    E.Condition = W.Condition;
    E.Kind = D.Kind;
    E.Taken = D.Taken != W.Reversed;
    E.First = I;
    if (const auto *Sw = llvm::dyn_cast<llvm::SwitchInst>(D.Inst)) {
      // One step per case tested, up to the one that matched.
      size_t Steps = 1;
      while (!Decisions[I].Taken && Steps < Sw->getNumCases() &&
             I + 1 < Decisions.size() && Decisions[I + 1].Inst == D.Inst) {
        ++I;
        ++Steps;
      }
      E.IsSwitch = true;
      E.Case = switchCase(*Sw, Steps, Decisions[I].Taken);
    }
    Out.push_back(std::move(E));
  }
  return Out;
}

} // namespace theseus
