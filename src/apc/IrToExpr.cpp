//===- IrToExpr.cpp - The flowgraph's instructions as expressions ---------===//
#include "apc/IrToExpr.h"

#include "apc/Arrays.h"
#include "program/Opcodes.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

#include <fmt/format.h>

namespace theseus {

IrToExpr::IrToExpr(ExprContext &Ctx, const Flowgraph &G,
                   const BufferSizes &Sizes, Apc &Out)
    : Ctx(Ctx), G(G), Out(Out) {
  bindInputs(Sizes);
}

IrToExpr::IrToExpr(ExprContext &Ctx, const Flowgraph &G,
                   const CalleeBinding &Params, Apc &Out)
    : Ctx(Ctx), G(G), Out(Out), SymbolPrefix(Params.Prefix) {
  const llvm::Function &F = G.function();
  for (unsigned I = 0; I < F.arg_size(); ++I) {
    const llvm::Argument *A = F.getArg(I);
    if (I < Params.Values.size() && Params.Values[I])
      Inputs[A] = Params.Values[I];
    if (I >= Params.Pointers.size() || !Params.Pointers[I].known())
      continue;
    BoundPointers[A] = Params.Pointers[I];
    if (const Array *B = Params.Pointers[I].Buffer)
      Buffers[A] = B;
  }
}

IrToExpr::~IrToExpr() {
  for (auto &[A, Cells] : CellNodes)
    for (llvm::PHINode *C : Cells)
      C->deleteValue();
}

Substitution IrToExpr::cellsAtEntry() const {
  Substitution Entry;
  for (const auto &[Cell, Input] : CellInputs)
    if (auto It = Symbols.find(Cell); It != Symbols.end())
      Entry[It->second] = Input;
  return Entry;
}

/// Whether the buffer behind `Param` is only read: every use of it, through
/// address arithmetic, is a load from it, a pointer comparison, or an
/// argument of a summarised function (which writes no memory its callers
/// see). A pointer that escapes otherwise (stored, passed to another call,
/// merged by a phi) could be written.
static bool isReadOnly(const llvm::Argument &Param) {
  std::vector<const llvm::Value *> Work{&Param};
  while (!Work.empty()) {
    const llvm::Value *P = Work.back();
    Work.pop_back();
    for (const llvm::Use &U : P->uses()) {
      const llvm::User *User = U.getUser();
      if (const auto *L = llvm::dyn_cast<llvm::LoadInst>(User)) {
        if (L->getPointerOperand() != P || L->isVolatile())
          return false;
      } else if (llvm::isa<llvm::GEPOperator>(User)) {
        Work.push_back(User);
      } else if (const auto *Call = llvm::dyn_cast<llvm::CallBase>(User)) {
        const llvm::Function *F = Call->getCalledFunction();
        if (!F || !Flowgraph::isSummarised(*F) || !Call->isArgOperand(&U))
          return false;
      } else if (!llvm::isa<llvm::ICmpInst>(User)) {
        return false;
      }
    }
  }
  return true;
}

void IrToExpr::bindInputs(const BufferSizes &Sizes) {
  const llvm::Function &F = G.function();
  std::vector<ParamInfo> Params;
  try {
    Params = describeParams(F, Sizes);
  } catch (const InputError &) {
    return; // Every parameter stays unknown.
  }
  if (Params.size() != F.arg_size())
    return;
  for (unsigned I = 0; I < Params.size(); ++I) {
    const ParamInfo &P = Params[I];
    const llvm::Argument *A = F.getArg(I);
    if (P.Role == ParamRole::Value && P.IsPointer && !P.IsStruct &&
        P.Bytes > 0) {
      (isReadOnly(*A) ? Buffers : WrittenBuffers)[A] =
          Ctx.array(P.Name, P.Bytes);
      continue;
    }
    if (P.Role != ParamRole::Value || P.IsPointer || P.IsStruct ||
        !A->getType()->isIntegerTy() ||
        P.Bits != A->getType()->getIntegerBitWidth())
      continue;
    // As EntryInputs binds a scalar: the array read little-endian, cut to
    // the IR width, a linked length reduced into its range.
    const Array *Arr = Ctx.array(P.Name, P.Bytes);
    ExprRef V = Ctx.readLE(Arr, 0, P.Bytes);
    if (V->width() != P.Bits)
      V = Ctx.extract(V, 0, P.Bits);
    if (!P.LengthOf.empty())
      V = Ctx.binary(ExprKind::URem, V, Ctx.constant(P.MaxValue + 1, P.Bits));
    Inputs[A] = V;
  }
}

ExprRef IrToExpr::unknown(const llvm::Value &V, const std::string &Why) {
  if (UnknownSites[Why].insert(&V).second)
    ++Out.Unknowns[Why];
  return nullptr;
}

ExprRef IrToExpr::symbol(const llvm::Value *V) {
  auto It = Symbols.find(V);
  if (It != Symbols.end())
    return It->second;
  std::string Name = V->hasName() ? V->getName().str() : "v";
  const Variable *Var =
      Ctx.variable(fmt::format("{}{}'{}", SymbolPrefix, Name, Symbols.size()),
                   V->getType()->getIntegerBitWidth());
  return Symbols[V] = Ctx.var(Var);
}

ExprRef IrToExpr::lookup(const State &S, const llvm::Value *V) {
  auto *IntTy = llvm::dyn_cast<llvm::IntegerType>(V->getType());
  if (!IntTy || IntTy->getBitWidth() > 64)
    return unknown(*V, "a value that is not an integer of at most 64 bits");
  if (const auto *C = llvm::dyn_cast<llvm::ConstantInt>(V))
    return Ctx.constant(C->getZExtValue(), IntTy->getBitWidth());
  if (llvm::isa<llvm::Argument>(V)) {
    auto It = Inputs.find(V);
    return It != Inputs.end() ? It->second
                              : unknown(*V, "a parameter that is not an "
                                            "integer input");
  }
  if (!llvm::isa<llvm::Instruction>(V))
    return unknown(*V, "a constant expression or undefined value");
  auto It = S.find(V);
  return It != S.end() ? It->second : symbol(V);
}

ExprRef IrToExpr::evaluate(const State &S, const llvm::Instruction &I) {
  auto Op = [&](unsigned N) { return lookup(S, I.getOperand(N)); };
  unsigned W = I.getType()->getIntegerBitWidth();
  if (const auto *B = llvm::dyn_cast<llvm::BinaryOperator>(&I)) {
    ExprRef L = Op(0), R = Op(1);
    if (!L || !R)
      return nullptr;
    // An amount of the width or more is undefined in C; the machine masks
    // it. Only constant amounts are modelled.
    if (B->isShift() && (!R->isConst() || R->value() >= W))
      return unknown(I, "a shift by a variable amount");
    return Ctx.binary(binaryKind(B->getOpcode()), L, R);
  }
  if (const auto *C = llvm::dyn_cast<llvm::ICmpInst>(&I)) {
    ExprRef L = Op(0), R = Op(1);
    if (!L || !R)
      return nullptr;
    Comparison Cmp = comparisonOf(C->getPredicate());
    ExprRef E =
        Cmp.Swap ? Ctx.compare(Cmp.Kind, R, L) : Ctx.compare(Cmp.Kind, L, R);
    return Cmp.Negate ? Ctx.logicalNot(E) : E;
  }
  if (llvm::isa<llvm::SelectInst>(&I)) {
    ExprRef C = Op(0), T = Op(1), F = Op(2);
    return C && T && F ? Ctx.select(C, T, F) : nullptr;
  }
  if (llvm::isa<llvm::ZExtInst>(&I) || llvm::isa<llvm::SExtInst>(&I) ||
      llvm::isa<llvm::TruncInst>(&I)) {
    if (!I.getOperand(0)->getType()->isIntegerTy())
      return unknown(I, "a vector cast");
    ExprRef V = Op(0);
    return V ? Ctx.resize(V, W, llvm::isa<llvm::SExtInst>(&I)) : nullptr;
  }
  if (llvm::isa<llvm::FreezeInst>(&I))
    return Op(0);
  if (const auto *C = llvm::dyn_cast<llvm::CallBase>(&I))
    return evaluateCall(S, *C);
  return unknown(I, fmt::format("the instruction '{}'", I.getOpcodeName()));
}

ExprRef IrToExpr::evaluateCall(const State &S, const llvm::CallBase &C) {
  const llvm::Function *F = C.getCalledFunction();
  if (!F)
    return unknown(C, "the result of an indirect call");
  llvm::Intrinsic::ID ID = F->getIntrinsicID();
  auto Arg = [&](unsigned N) { return lookup(S, C.getArgOperand(N)); };
  if (ID == llvm::Intrinsic::smax || ID == llvm::Intrinsic::smin ||
      ID == llvm::Intrinsic::umax || ID == llvm::Intrinsic::umin) {
    ExprRef L = Arg(0), R = Arg(1);
    if (!L || !R)
      return nullptr;
    ExprRef Less = ID == llvm::Intrinsic::smax || ID == llvm::Intrinsic::smin
                       ? Ctx.slt(L, R)
                       : Ctx.ult(L, R);
    bool Max = ID == llvm::Intrinsic::smax || ID == llvm::Intrinsic::umax;
    return Max ? Ctx.select(Less, R, L) : Ctx.select(Less, L, R);
  }
  if (ID == llvm::Intrinsic::abs) {
    ExprRef V = Arg(0);
    if (!V)
      return nullptr;
    ExprRef Zero = Ctx.constant(0, V->width());
    return Ctx.select(Ctx.slt(V, Zero), Ctx.sub(Zero, V), V);
  }
  return unknown(C,
                 fmt::format("the result of a call to {}", F->getName().str()));
}

ExprRef IrToExpr::evaluateLoad(const State &S, const llvm::LoadInst &L,
                               ExprRef &Apc) {
  const char *Why = "a load from memory other than a read-only input buffer "
                    "or a constant global";
  const llvm::DataLayout &DL = L.getModule()->getDataLayout();
  uint64_t Size = DL.getTypeStoreSize(L.getType());
  if (L.isVolatile() || !llvm::isPowerOf2_64(Size))
    return unknown(L, Why);
  Address Addr;
  if (!addressOf(S, L.getPointerOperand(), Size, Addr))
    return unknown(L, Why);
  if (!Addr.Off)
    return nullptr;
  const llvm::Value *P = Addr.Base;
  ExprRef Off = Addr.Off, Index = Addr.Index;
  bool Aligned = Addr.Aligned;
  if (cellsOf(P))
    return Aligned ? loadCells(S, Addr, Size, Apc) : unknown(L, Why);
  if (const auto *GV = llvm::dyn_cast<llvm::GlobalVariable>(P))
    return loadFromConstant(*GV, Off, L, Apc);
  auto It = Buffers.find(P);
  if (It == Buffers.end() || !Aligned || It->second->Size < Size)
    return unknown(L, Why);
  // The executor ends a path at an out-of-bounds read (a bug), so reaching
  // the target needs every read in bounds: the read's value is Ā(index),
  // one term whatever the index (Strejček and Trtík, section 4: arrays as
  // functions), and the index in bounds joins the path condition.
  const Array *A = It->second;
  Out.ReadsBuffers = true;
  Apc =
      Ctx.logicalAnd(Apc, Ctx.ule(Index, Ctx.constant(A->Size / Size - 1, 64)));
  ExprRef V = Ctx.arrayRead(A, Index, unsigned(Size));
  unsigned W = L.getType()->getIntegerBitWidth();
  return V->width() == W ? V : Ctx.extract(V, 0, W);
}

bool IrToExpr::addressOf(const State &S, const llvm::Value *Ptr, uint64_t Size,
                         Address &A) {
  // The byte offset from the base object, element-aligned by construction
  // when every constant and scale of the address arithmetic is a multiple
  // of the accessed size (offsets wrap modulo 2^64, a multiple of it too).
  const llvm::DataLayout &DL = G.function().getParent()->getDataLayout();
  ExprRef Off = Ctx.constant(0, 64), Index = Off;
  bool Collected = true;
  auto AddTerm = [&](ExprRef X, uint64_t Scale) {
    A.Aligned = A.Aligned && Scale % Size == 0;
    if (!Off || !X) {
      Off = Index = nullptr;
      return;
    }
    Off = Ctx.add(Off, Ctx.mul(X, Ctx.constant(Scale, 64)));
    Index = Ctx.add(Index, Ctx.mul(X, Ctx.constant(Scale / Size, 64)));
  };
  while (const auto *GEP = llvm::dyn_cast<llvm::GEPOperator>(Ptr)) {
    llvm::MapVector<llvm::Value *, llvm::APInt> Vars;
    llvm::APInt Const(64, 0);
    Ptr = GEP->getPointerOperand();
    if (!GEP->collectOffset(DL, 64, Vars, Const)) {
      Collected = false;
      continue;
    }
    AddTerm(Ctx.constant(1, 64), Const.getZExtValue());
    for (auto &[V, Scale] : Vars) {
      ExprRef X = lookup(S, V);
      AddTerm(X ? Ctx.resize(X, 64, true) : nullptr, Scale.getZExtValue());
    }
  }
  if (auto It = BoundPointers.find(Ptr); It != BoundPointers.end()) {
    // A constant offset keeps its alignment; a variable one is a byte's.
    ExprRef Bound = It->second.Off;
    if (Bound->isConst())
      AddTerm(Ctx.constant(1, 64), Bound->value());
    else
      AddTerm(Bound, 1);
    if (It->second.Table)
      Ptr = It->second.Table;
  }
  A.Base = Ptr;
  A.Off = Off;
  A.Index = Index;
  return Collected;
}

PointerArg IrToExpr::pointerArg(const State &S, const llvm::Value *P) {
  Address A;
  PointerArg Arg;
  if (!addressOf(S, P, 1, A) || !A.Off)
    return Arg;
  if (auto It = Buffers.find(A.Base); It != Buffers.end())
    Arg.Buffer = It->second;
  else if (const auto *GV = llvm::dyn_cast<llvm::GlobalVariable>(A.Base))
    Arg.Table = tableOf(*GV) ? GV : nullptr;
  Arg.Off = A.Off;
  return Arg;
}

const std::vector<llvm::PHINode *> *IrToExpr::cellsOf(const llvm::Value *Base) {
  const auto *A = llvm::dyn_cast_or_null<llvm::AllocaInst>(Base);
  auto Written = WrittenBuffers.find(Base);
  if (!A && Written == WrittenBuffers.end())
    return nullptr;
  auto [It, New] = CellNodes.try_emplace(Base);
  if (!New)
    return It->second.empty() ? nullptr : &It->second;
  const Array *Input = A ? nullptr : Written->second;
  std::optional<ArrayLayout> L =
      A ? arrayLayout(*A)
        : arrayLayout(*Base, Input->Size,
                      G.function().getParent()->getDataLayout());
  if (!L)
    return nullptr;
  for (unsigned C = 0; C < L->Cells; ++C) {
    llvm::PHINode *Cell = llvm::PHINode::Create(
        L->ElemTy, 0, fmt::format("{}[{}]", Base->getName().str(), C));
    It->second.push_back(Cell);
    if (!Input)
      continue;
    ExprRef V = Ctx.readLE(Input, C * L->ElemBytes, L->ElemBytes);
    unsigned W = L->ElemTy->getBitWidth();
    CellInputs[Cell] = V->width() == W ? V : Ctx.extract(V, 0, W);
  }
  // The executor ends a path at an access outside the buffer, so the
  // apc rests on its size.
  Out.ReadsBuffers = Out.ReadsBuffers || Input;
  CellBytes[Base] = L->ElemBytes;
  return &It->second;
}

ExprRef IrToExpr::loadCells(const State &S, const Address &A, uint64_t Size,
                            ExprRef &Apc) {
  // The executor ends a path at an access outside the array, so reaching
  // the target needs this one in bounds.
  const std::vector<llvm::PHINode *> &Nodes = *cellsOf(A.Base);
  if (Size != CellBytes[A.Base])
    return unknown(*A.Base, "a load of part of an array cell");
  Apc = Ctx.logicalAnd(
      Apc, Ctx.ule(A.Off, Ctx.constant((Nodes.size() - 1) * Size, 64)));
  std::vector<ExprRef> Cells;
  for (const llvm::PHINode *C : Nodes)
    Cells.push_back(lookup(S, C));
  return readCells(Ctx, Cells, A.Off, Size);
}

void IrToExpr::executeStore(State &S, const llvm::StoreInst &St, ExprRef &Apc) {
  const llvm::DataLayout &DL = G.function().getParent()->getDataLayout();
  uint64_t Size = DL.getTypeStoreSize(St.getValueOperand()->getType());
  Address A;
  if (!addressOf(S, St.getPointerOperand(), Size, A) || !A.Aligned)
    A.Off = nullptr;
  const std::vector<llvm::PHINode *> *Nodes = cellsOf(A.Base);
  if (!Nodes)
    return; // Loads from anything else are unknown anyway.
  ExprRef V = lookup(S, St.getValueOperand());
  if (A.Off)
    Apc = Ctx.logicalAnd(
        Apc, Ctx.ule(A.Off, Ctx.constant((Nodes->size() - 1) * Size, 64)));
  for (unsigned C = 0; C < Nodes->size(); ++C) {
    const llvm::PHINode *Cell = (*Nodes)[C];
    ExprRef Here = A.Off ? Ctx.eq(A.Off, Ctx.constant(C * Size, 64)) : nullptr;
    if (Here && Here->isConst() && !Here->value())
      continue;
    ExprRef Old = lookup(S, Cell);
    S[Cell] = Here && V && Old ? Ctx.select(Here, V, Old) : nullptr;
  }
}

/// The bytes of `C` as the program's memory holds them (little-endian), for
/// the constants a table is made of: strings and arrays of integers, and
/// zeroes. False for anything else.
static bool constantBytes(const llvm::Constant &C, std::vector<uint8_t> &Out) {
  if (const auto *Seq = llvm::dyn_cast<llvm::ConstantDataSequential>(&C)) {
    if (!Seq->getElementType()->isIntegerTy())
      return false;
    llvm::StringRef Raw = Seq->getRawDataValues();
    Out.assign(Raw.bytes_begin(), Raw.bytes_end());
    return true;
  }
  return false;
}

const ConstantTable *IrToExpr::tableOf(const llvm::GlobalVariable &GV) {
  auto [It, New] = Tables.try_emplace(&GV, nullptr);
  if (New && GV.isConstant() && GV.hasDefinitiveInitializer() &&
      GV.getInitializer()->getType()->isArrayTy()) {
    std::vector<uint8_t> Bytes;
    if (constantBytes(*GV.getInitializer(), Bytes))
      It->second = Ctx.table(GV.getName().str(), std::move(Bytes));
  }
  return It->second;
}

ExprRef IrToExpr::loadFromConstant(const llvm::GlobalVariable &GV, ExprRef Off,
                                   const llvm::LoadInst &L, ExprRef &Apc) {
  const char *Why = "a load from a global that is not a constant table";
  const ConstantTable *T = tableOf(GV);
  uint64_t Size = L.getModule()->getDataLayout().getTypeStoreSize(L.getType());
  if (!T || T->Bytes.size() < Size)
    return unknown(L, Why);
  // As for an input buffer, the executor ends a path at a read outside the
  // object, so reaching the target needs this read in bounds.
  Apc = Ctx.logicalAnd(Apc,
                       Ctx.ule(Off, Ctx.constant(T->Bytes.size() - Size, 64)));
  ExprRef V = nullptr;
  for (uint64_t K = 0; K < Size; ++K) {
    ExprRef B = Ctx.tableRead(T, Ctx.add(Off, Ctx.constant(K, 64)));
    V = V ? Ctx.concat(B, V) : B;
  }
  unsigned W = L.getType()->getIntegerBitWidth();
  return V->width() == W ? V : Ctx.extract(V, 0, W);
}

void IrToExpr::executeBody(State &S, const llvm::BasicBlock *B,
                           const llvm::Instruction *Stop, ExprRef &Apc) {
  for (const llvm::Instruction &I : *B) {
    if (&I == Stop || I.isTerminator())
      return;
    if (const auto *St = llvm::dyn_cast<llvm::StoreInst>(&I))
      executeStore(S, *St, Apc);
    const auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
    const llvm::Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    const llvm::Function *Named = Call ? Flowgraph::calleeOf(I) : nullptr;
    Flowgraph::Harness H =
        Named ? Flowgraph::harnessOf(*Named) : Flowgraph::Harness::None;
    if (H == Flowgraph::Harness::Assume) {
      // The executor ends the path where the assumption fails, so the
      // target is reached only where it holds.
      ExprRef C =
          Call->arg_size() ? lookup(S, Call->getArgOperand(0)) : nullptr;
      if (C)
        Apc = Ctx.logicalAnd(
            Apc, Ctx.logicalNot(Ctx.eq(C, Ctx.constant(0, C->width()))));
      continue;
    }
    if ((Callee && Flowgraph::isSummarised(*Callee)) ||
        H == Flowgraph::Harness::Input) {
      ExprRef V = Calls ? Calls(S, *Call, Apc) : nullptr;
      if (I.getType()->isIntegerTy())
        S[&I] = V;
      continue;
    }
    if (llvm::isa<llvm::PHINode>(&I) || !I.getType()->isIntegerTy())
      continue;
    if (I.getType()->getIntegerBitWidth() > 64) {
      S[&I] = unknown(I, "a value that is not an integer of at most 64 bits");
      continue;
    }
    const auto *L = llvm::dyn_cast<llvm::LoadInst>(&I);
    S[&I] = L ? evaluateLoad(S, *L, Apc) : evaluate(S, I);
  }
}

ExprRef IrToExpr::edgeCondition(const State &S, const llvm::BasicBlock *From,
                                const llvm::BasicBlock *To) {
  const llvm::Instruction *T = From->getTerminator();
  if (const auto *Br = llvm::dyn_cast<llvm::BranchInst>(T)) {
    if (!Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      return nullptr;
    ExprRef C = lookup(S, Br->getCondition());
    if (!C)
      return nullptr;
    return Br->getSuccessor(0) == To ? C : Ctx.logicalNot(C);
  }
  const auto *Sw = llvm::dyn_cast<llvm::SwitchInst>(T);
  if (!Sw)
    return nullptr;
  ExprRef X = lookup(S, Sw->getCondition());
  if (!X)
    return nullptr;
  ExprRef Cases = Ctx.falseExpr(), NoCase = Ctx.trueExpr();
  for (const auto &Case : Sw->cases()) {
    ExprRef Eq = Ctx.eq(X, lookup(S, Case.getCaseValue()));
    if (Case.getCaseSuccessor() == To)
      Cases = Ctx.logicalOr(Cases, Eq);
    NoCase = Ctx.logicalAnd(NoCase, Ctx.logicalNot(Eq));
  }
  return Sw->getDefaultDest() == To ? Ctx.logicalOr(Cases, NoCase) : Cases;
}

void IrToExpr::assignPhis(State &S, const llvm::BasicBlock *From,
                          const llvm::BasicBlock *To) {
  std::vector<std::pair<const llvm::PHINode *, ExprRef>> New;
  for (const llvm::PHINode &Phi : To->phis())
    if (Phi.getType()->isIntegerTy())
      New.push_back({&Phi, lookup(S, Phi.getIncomingValueForBlock(From))});
  for (auto &[Phi, V] : New)
    S[Phi] = V;
}

Substitution IrToExpr::asSubstitution(const State &S) {
  Substitution Sub;
  for (auto &[V, E] : S)
    Sub[symbol(V)] = E;
  return Sub;
}

} // namespace theseus
