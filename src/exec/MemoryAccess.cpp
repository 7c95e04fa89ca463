//===- MemoryAccess.cpp - Objects, loads, stores, addresses ---------------===//
#include "exec/InterpreterRun.h"

#include "llvm/IR/DebugInfo.h"

namespace theseus {

const MemoryObject *Interpreter::Run::accessObject(const llvm::Instruction &I,
                                                   const ConcolicValue &Ptr,
                                                   uint64_t Size,
                                                   uint64_t &Addr, bool Write) {
  if (Ptr.Sym) {
    // Symbolic addresses are pinned to the concrete one for now.
    Obs.onConcretization(&I, "symbolic pointer");
    Addr = pin(Ptr, 64, I);
  } else {
    Addr = Ptr.Bits;
  }
  AccessError Err;
  if (const MemoryObject *O = S.Mem.resolve(Addr, Size, Err))
    return !Write || writable(I, *O, Addr) ? O : nullptr;
  bug(bugKindFor(Err),
      fmt::format("invalid {}-byte access at address {:#x}", Size, Addr), I);
  return nullptr;
}

bool Interpreter::Run::writable(const llvm::Instruction &I,
                                const MemoryObject &O, uint64_t Addr) {
  if (!O.ReadOnly)
    return true;
  bug(bugKindFor(AccessError::ReadOnly),
      fmt::format("write at offset {} of the constant '{}'", Addr - O.Base,
                  O.Name),
      I);
  return false;
}

void Interpreter::Run::stackOverflow(const llvm::Instruction &I,
                                     const std::string &What) {
  bug("stack-overflow",
      fmt::format("{} exceeds the stack limit of {} bytes (--max-stack) "
                  "with {} bytes in use, {} calls deep",
                  What, In.Opts.MaxStack, S.StackBytes, S.Stack.size()),
      I);
}

uint64_t Interpreter::Run::chooseSize(const ConcolicValue &N, unsigned W,
                                      uint64_t Max, BranchKind OverKind,
                                      const llvm::Instruction &I, bool &Fits) {
  uint64_t Count = truncBits(N.Bits, W);
  Fits = Count <= Max;
  if (!N.Sym)
    return Count;
  ExprRef Sym = Ctx.resize(N.Sym, 64, false);
  decide(Ctx.ule(Sym, Ctx.constant(Max, 64)), Fits, OverKind, I);
  if (!Fits)
    return Count;
  // The size is fixed by branches whose conditions depend only on the
  // branches before them, so that both explorers' trees stay consistent:
  // "Sym < 2^K" for K = 0, 1, ... until it holds (small sizes first), then
  // the bits below the top one.
  unsigned K = 0;
  for (; K < 64 && (uint64_t(1) << K) <= Max; ++K) {
    bool Below = Count < (uint64_t(1) << K);
    decide(Ctx.ult(Sym, Ctx.constant(uint64_t(1) << K, 64)), Below,
           BranchKind::Branch, I);
    if (Below)
      break;
  }
  for (unsigned Bit = K > 1 ? K - 1 : 0; Bit-- > 0;)
    decide(Ctx.extract(Sym, Bit, 1), (Count >> Bit) & 1, BranchKind::Branch, I);
  return Count;
}

bool Interpreter::Run::chooseLength(const llvm::CallBase &I, unsigned Pointers,
                                    uint64_t &Len) {
  const llvm::Value *LenArg = I.getArgOperand(2);
  ConcolicValue N = operand(LenArg);
  // The longest length every pointer's object has room for; a pointer
  // outside any object is reported by access().
  uint64_t Max = ~uint64_t(0);
  const MemoryObject *Tightest = nullptr;
  for (unsigned K = 0; N.Sym && K < Pointers; ++K) {
    uint64_t Addr = operand(I.getArgOperand(K)).Bits;
    const MemoryObject *O = S.Mem.objectNear(Addr);
    if (!O || Addr - O->Base > O->Size || O->Base + O->Size - Addr >= Max)
      continue;
    Max = O->Base + O->Size - Addr;
    Tightest = O;
  }
  bool Fits;
  Len = chooseSize(N, scalarWidth(LenArg->getType()), Max, BranchKind::Check, I,
                   Fits);
  if (!Fits)
    bug(bugKindFor(AccessError::OutOfBounds),
        fmt::format("{}-byte access with room for {} in '{}' ({} bytes)", Len,
                    Max, Tightest->Name, Tightest->Size),
        I);
  return Fits;
}

namespace {
/// Where a stack variable is declared: the allocas of fixed-size locals
/// carry no line of their own.
SourceLoc declarationOf(const llvm::AllocaInst &I) {
  auto *A = const_cast<llvm::AllocaInst *>(&I);
  const llvm::DILocalVariable *V = nullptr;
  for (llvm::DbgVariableRecord *R : llvm::findDVRDeclares(A))
    V = R->getVariable();
  for (llvm::DbgDeclareInst *D : llvm::findDbgDeclares(A))
    V = D->getVariable();
  SourceLoc L;
  if (V) {
    L.File = V->getFilename();
    L.Dir = V->getDirectory();
    L.Line = V->getLine();
  }
  return L;
}
} // namespace

void Interpreter::Run::alloca(const llvm::AllocaInst &I) {
  uint64_t Elem = DL.getTypeAllocSize(I.getAllocatedType());
  uint64_t Limit = In.Opts.MaxStack;
  uint64_t Room = S.StackBytes <= Limit ? Limit - S.StackBytes : 0;
  uint64_t MaxCount = Limit && Elem ? Room / Elem : ~uint64_t(0);
  bool Fits;
  uint64_t Count = chooseSize(operand(I.getArraySize()),
                              scalarWidth(I.getArraySize()->getType()),
                              MaxCount, BranchKind::Check, I, Fits);
  std::string Name = I.hasName() ? I.getName().str() : "alloca";
  if (!Fits) { // Elem * Count may not even fit in 64 bits.
    stackOverflow(
        I, fmt::format("stack object '{}' ({} x {} bytes)", Name, Count, Elem));
    if (!Out.Stack.front().Loc.known())
      Out.Loc = Out.Stack.front().Loc = declarationOf(I);
    return;
  }
  uint64_t Size = Elem * Count;
  S.StackBytes += Size;
  const MemoryObject *O =
      S.Mem.allocate(Size, I.getAlign().value(), ObjectKind::Stack, Name);
  frame().Allocas.push_back(O->Base);
  frame().StackBytes += Size;
  set(I, {O->Base, nullptr});
}

namespace {

/// Objects up to this size are read and written at symbolic offsets
/// through if-then-else chains; larger ones pin the pointer.
constexpr uint64_t MaxSymbolicObject = 4096;
constexpr uint64_t MaxCandidateOffsets = 256;
/// Read-only objects up to this size are read at symbolic offsets as
/// tables (TableRead), whatever the number of offsets.
constexpr uint64_t MaxConstantTable = 64 * 1024;

/// The offsets an expression can take are `Residue + k * Stride`: array
/// indexing scales the index by the element size.
std::pair<uint64_t, uint64_t> strideOf(ExprRef Off) {
  uint64_t Residue = 0;
  if (Off->kind() == ExprKind::Add && Off->operand(1)->isConst()) {
    Residue = Off->operand(1)->value();
    Off = Off->operand(0);
  }
  uint64_t Stride = 1;
  if (Off->kind() == ExprKind::Mul && Off->operand(1)->isConst())
    Stride = Off->operand(1)->value();
  else if (Off->kind() == ExprKind::Shl && Off->operand(1)->isConst() &&
           Off->operand(1)->value() < 63)
    Stride = uint64_t(1) << Off->operand(1)->value();
  if (Stride == 0)
    Stride = 1;
  return {Stride, Residue % Stride};
}

} // namespace

/// The object a symbolic pointer was derived from. Indexing adds a
/// symbolic offset to a concrete address inside the object, so the
/// expression's constant term names it; otherwise the object the concrete
/// address falls in (or follows) is used.
const MemoryObject *Interpreter::Run::provenance(const ConcolicValue &Ptr) {
  ExprRef E = Ptr.Sym;
  if (E->kind() == ExprKind::Add && E->operand(1)->isConst()) {
    uint64_t Base = E->operand(1)->value();
    const MemoryObject *O = S.Mem.objectNear(Base);
    if (O && Base - O->Base <= O->Size)
      return O;
  }
  return S.Mem.objectNear(Ptr.Bits);
}

bool Interpreter::Run::locate(const llvm::Instruction &I,
                              const ConcolicValue &Ptr, uint64_t Size,
                              Location &L) {
  L = Location{Ptr.Bits, nullptr, nullptr};
  const MemoryObject *Near = Ptr.Sym ? provenance(Ptr) : nullptr;
  if (!Near || Near->Kind == ObjectKind::Host ||
      Near->Kind == ObjectKind::Function) {
    L.Obj = accessObject(I, Ptr, Size, L.Addr, /*Write=*/false);
    return L.Obj != nullptr;
  }
  // The access must stay inside the object the concrete address falls in
  // (or just past): a decision the explorer negates to find overflows.
  ExprRef Off = Ctx.sub(Ptr.Sym, Ctx.constant(Near->Base, 64));
  bool Fits = Near->Size >= Size;
  uint64_t Limit = Fits ? Near->Size - Size : 0;
  bool InBounds = Fits && Ptr.Bits - Near->Base <= Limit;
  decide(Fits ? Ctx.ule(Off, Ctx.constant(Limit, 64)) : Ctx.falseExpr(),
         InBounds, BranchKind::Check, I);
  if (!InBounds) {
    bug(bugKindFor(AccessError::OutOfBounds),
        fmt::format("{}-byte access at offset {} of '{}' ({} bytes)", Size,
                    int64_t(Ptr.Bits - Near->Base), Near->Name, Near->Size),
        I);
    return false;
  }
  L.Obj = Near;
  if (Near->ReadOnly && Near->Size <= MaxConstantTable) {
    L.Offset = Off;
    L.Table = tableOf(*Near);
    return true;
  }
  auto [Stride, Residue] = strideOf(Off);
  if (Near->Size > MaxSymbolicObject ||
      (Near->Size - Size) / Stride + 1 > MaxCandidateOffsets) {
    Obs.onConcretization(&I, "symbolic pointer into a large object");
    pin(Ptr, 64, I);
    return true;
  }
  L.Offset = Off;
  return true;
}

const ConstantTable *Interpreter::Run::tableOf(const MemoryObject &O) {
  auto [It, New] = In.Tables.try_emplace(O.Base, nullptr);
  if (New) // Read-only: the bytes are still the initial ones.
    It->second =
        Ctx.table(O.Name, S.Mem.objects().find(O.Base)->second.second->Bytes);
  return It->second;
}

ExprRef Interpreter::Run::loadSymbolic(const Location &L, unsigned Bytes) {
  if (L.Table) {
    ExprRef Result = nullptr;
    for (unsigned K = 0; K < Bytes; ++K) {
      ExprRef B =
          Ctx.tableRead(L.Table, Ctx.add(L.Offset, Ctx.constant(K, 64)));
      Result = Result ? Ctx.concat(B, Result) : B;
    }
    return Result;
  }
  auto [Stride, Residue] = strideOf(L.Offset);
  ExprRef Result = nullptr;
  for (uint64_t O = Residue; O + Bytes <= L.Obj->Size; O += Stride) {
    ExprRef Sym;
    uint64_t Bits = S.Mem.load(Ctx, L.Obj->Base + O, Bytes, Sym);
    ExprRef V = Sym ? Sym : Ctx.constant(Bits, Bytes * 8);
    Result = Result
                 ? Ctx.select(Ctx.eq(L.Offset, Ctx.constant(O, 64)), V, Result)
                 : V;
  }
  return Result;
}

void Interpreter::Run::storeSymbolic(const Location &L, unsigned Bytes,
                                     uint64_t Bits, ExprRef Value) {
  auto [Stride, Residue] = strideOf(L.Offset);
  uint64_t Concrete = L.Addr - L.Obj->Base;
  ExprRef V = Value ? Ctx.resize(Value, Bytes * 8, false)
                    : Ctx.constant(Bits, Bytes * 8);
  for (uint64_t O = Residue; O + Bytes <= L.Obj->Size; O += Stride) {
    ExprRef Here = Ctx.eq(L.Offset, Ctx.constant(O, 64));
    for (unsigned K = 0; K < Bytes; ++K) {
      uint64_t Pos = L.Obj->Base + O + K;
      ExprRef OldSym;
      uint64_t Old = S.Mem.load(Ctx, Pos, 1, OldSym);
      ExprRef OldByte = OldSym ? OldSym : Ctx.constant(Old, 8);
      ExprRef New = Ctx.select(Here, Ctx.extract(V, 8 * K, 8), OldByte);
      uint64_t NewBits = O == Concrete ? (Bits >> (8 * K)) & 0xff : Old;
      S.Mem.store(Ctx, Pos, 1, NewBits, New->isConst() ? nullptr : New);
    }
  }
}

void Interpreter::Run::load(const DecodedInst &D) {
  const llvm::Instruction &I = *D.I;
  unsigned W = D.Width;
  unsigned Bytes = D.Aux0;
  if (W == 0 && !returnedByEntry(I))
    return unsupported(I, "load of an aggregate or vector value");
  ConcolicValue Ptr = operand(D.Ops[0]);
  if (W == 0) {
    // A struct the entry returns in registers (clang at -O0 loads it whole
    // and returns it): no register holds it, so its value is the address
    // it is loaded from, read when the entry returns.
    Location L;
    if (locate(I, Ptr, Bytes, L))
      set(I, {L.Addr, nullptr});
    return;
  }
  uint64_t Bits;
  if (!Ptr.Sym && S.Mem.loadConcrete(Ptr.Bits, Bytes, Bits))
    return set(I, {truncBits(Bits, W), nullptr});
  Location L;
  if (!locate(I, Ptr, Bytes, L))
    return;
  ExprRef Sym;
  Bits = S.Mem.load(Ctx, L.Addr, Bytes, Sym);
  if (L.Offset)
    Sym = loadSymbolic(L, Bytes);
  if (Sym && Sym->isConst())
    Sym = nullptr;
  if (Sym) // Zero-extended: a 32-bit pointer is held in 64 bits.
    Sym = Ctx.resize(Sym, W, false);
  set(I, value(truncBits(Bits, W), Sym));
}

void Interpreter::Run::store(const DecodedInst &D) {
  const auto &I = llvm::cast<llvm::StoreInst>(*D.I);
  unsigned W = D.Width;
  if (W == 0)
    return unsupported(I, "store of an aggregate or vector value");
  unsigned Bytes = D.Aux0;
  ConcolicValue Ptr = operand(D.Ops[0]), Val = operand(D.Ops[1]);
  if (!Ptr.Sym && !Val.Sym &&
      S.Mem.storeConcrete(Ptr.Bits, Bytes, truncBits(Val.Bits, W)))
    return;
  Location L;
  if (!locate(I, Ptr, Bytes, L) || (L.Obj && !writable(I, *L.Obj, L.Addr)))
    return;
  if (L.Offset)
    return storeSymbolic(L, Bytes, truncBits(Val.Bits, W), Val.Sym);
  S.Mem.store(Ctx, L.Addr, Bytes, truncBits(Val.Bits, W), Val.Sym);
}

void Interpreter::Run::gep(const DecodedInst &D) {
  const llvm::Instruction &I = *D.I;
  if (D.Width == 0)
    return unsupported(I, "vector getelementptr");
  ConcolicValue Base = operand(D.Ops[0]);
  uint64_t Offset = D.Offset;      // Concrete total offset.
  uint64_t ConstOffset = D.Offset; // The part of it not depending on inputs.
  ExprRef SymOffset = nullptr;     // The part that does.
  const DecodedFunction &Code = *frame().Code;
  for (uint32_t K = D.Aux0; K < D.Aux1; ++K) {
    const GepTerm &T = Code.GepTerms[K];
    ConcolicValue IV = operand(T.Index);
    uint64_t Term = uint64_t(signExtend(IV.Bits, T.Width)) * T.Stride;
    Offset += Term;
    if (!IV.Sym) {
      ConstOffset += Term;
      continue;
    }
    ExprRef SymTerm =
        Ctx.mul(Ctx.resize(IV.Sym, 64, true), Ctx.constant(T.Stride, 64));
    SymOffset = SymOffset ? Ctx.add(SymOffset, SymTerm) : SymTerm;
  }
  // Addresses wrap at the pointer width. The expression is not wrapped:
  // it differs only for an address outside the arena, which no access
  // reaches without an out-of-bounds report.
  uint64_t Bits = truncBits(Base.Bits + Offset, PointerBits);
  if (!Base.Sym && !SymOffset)
    return set(I, {Bits, nullptr});
  ExprRef Sym = Ctx.add(symOf(Base, 64), Ctx.constant(ConstOffset, 64));
  if (SymOffset)
    Sym = Ctx.add(SymOffset, Sym);
  set(I, value(Bits, Sym));
}

} // namespace theseus
