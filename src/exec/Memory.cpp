//===- Memory.cpp - Objects with concrete and symbolic bytes --------------===//
#include "exec/Memory.h"

#include <cassert>
#include <cstring>
#include <sys/mman.h>

namespace theseus {

namespace {
constexpr uint64_t ArenaHint = 0x100000000000ULL; // 16 TiB, far from the heap.
constexpr uint64_t ArenaSize = 64ULL << 30;
// 32-bit programs: from 256 MiB to 2047 MiB, above the usual load address
// of non-PIE executables and below the 4 GiB a 32-bit pointer can reach;
// AddressSanitizer's shadow memory (when Theseus itself is built with it)
// starts just under 2 GiB.
constexpr uint64_t Arena32Hint = 0x10000000;
constexpr uint64_t Arena32Size = 0x6FF00000;
constexpr uint64_t FirstAddress = 0x10000; // Leave a gap for null + offset.
constexpr uint64_t RedZone = 16;           // Gap after every object.
constexpr uint64_t NullPageSize = 4096;
} // namespace

namespace {
/// memcpy of 1 to 8 bytes, inlined for the common sizes (a call to the
/// library's memcpy costs more than the copy).
void copySmall(void *Dst, const void *Src, unsigned Size) {
  switch (Size) {
  case 1:
    std::memcpy(Dst, Src, 1);
    break;
  case 2:
    std::memcpy(Dst, Src, 2);
    break;
  case 4:
    std::memcpy(Dst, Src, 4);
    break;
  case 8:
    std::memcpy(Dst, Src, 8);
    break;
  default:
    std::memcpy(Dst, Src, Size);
  }
}
} // namespace

const char *bugKindFor(AccessError E) {
  switch (E) {
  case AccessError::None:
    return "none";
  case AccessError::NullPointer:
    return "null-dereference";
  case AccessError::OutOfBounds:
    return "out-of-bounds";
  case AccessError::UseAfterFree:
    return "use-after-free";
  case AccessError::InvalidPointer:
    return "invalid-pointer";
  case AccessError::ReadOnly:
    return "write-to-read-only";
  }
  return "invalid-pointer";
}

Arena::Arena(uint64_t Hint, uint64_t Size, bool Anywhere) : Size(Size) {
  int Flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
#ifdef MAP_FIXED_NOREPLACE
  void *P = mmap(reinterpret_cast<void *>(Hint), Size, PROT_READ | PROT_WRITE,
                 Flags | MAP_FIXED_NOREPLACE, -1, 0);
#else
  void *P = MAP_FAILED;
#endif
  if (P == MAP_FAILED && Anywhere)
    P = mmap(nullptr, Size, PROT_READ | PROT_WRITE, Flags, -1, 0);
  if (P == MAP_FAILED) {
    Begin = Hint; // Addresses stay valid as numbers; no native access.
  } else {
    Begin = reinterpret_cast<uint64_t>(P);
    HostBacked = true;
  }
}

Arena &Arena::get(unsigned PointerBits) {
  if (PointerBits == 32) {
    static Arena Low(Arena32Hint, Arena32Size, /*Anywhere=*/false);
    return Low;
  }
  static Arena A(ArenaHint, ArenaSize, /*Anywhere=*/true);
  return A;
}

Memory::Memory(unsigned PointerBits)
    : Space(&Arena::get(PointerBits)), Next(Space->begin() + FirstAddress) {}

bool Memory::hasRoom(uint64_t Size) const {
  // Room for the object, its alignment and its red zone; Size is at most
  // the largest heap block, so the sum does not overflow.
  uint64_t End = Space->end();
  return Next <= End && Size + 16 + RedZone <= End - Next;
}

const MemoryObject *Memory::allocate(uint64_t Size, uint64_t Align,
                                     ObjectKind Kind, std::string Name) {
  Align = std::max<uint64_t>(Align, 16);
  uint64_t Base = (Next + Align - 1) & ~(Align - 1);
  Next = Base + std::max<uint64_t>(Size, 1) + RedZone;
  auto Obj = std::make_shared<MemoryObject>();
  Obj->Base = Base;
  Obj->Size = Size;
  Obj->Kind = Kind;
  Obj->Name = std::move(Name);
  auto Contents = std::make_shared<ObjectContents>();
  Contents->Bytes.assign(Size, 0);
  const MemoryObject *Raw = Obj.get();
  Objects[Base] = {std::move(Obj), std::move(Contents)};
  return Raw;
}

const MemoryObject *Memory::addHostObject(uint64_t Address, uint64_t Size,
                                          std::string Name) {
  auto Obj = std::make_shared<MemoryObject>();
  Obj->Base = Address;
  Obj->Size = Size;
  Obj->Kind = ObjectKind::Host;
  Obj->Name = std::move(Name);
  const MemoryObject *Raw = Obj.get();
  Objects[Address] = {std::move(Obj), nullptr};
  return Raw;
}

void Memory::setReadOnly(uint64_t Base) {
  auto It = Objects.find(Base);
  assert(It != Objects.end() && "no object there");
  auto Copy = std::make_shared<MemoryObject>(*It->second.first);
  Copy->ReadOnly = true;
  It->second.first = std::move(Copy);
}

void Memory::release(uint64_t Base) {
  auto It = Objects.find(Base);
  if (It == Objects.end())
    return;
  for (RecentObjects::Entry &E : Recent.Entries)
    if (E.Size && E.It == It)
      E.Size = 0;
  Freed[Base] = It->second.first->Size;
  Objects.erase(It);
}

const MemoryObject *Memory::objectAt(uint64_t Base) const {
  auto It = Objects.find(Base);
  return It == Objects.end() ? nullptr : It->second.first.get();
}

const MemoryObject *Memory::objectNear(uint64_t Addr) const {
  auto It = Objects.upper_bound(Addr);
  return It == Objects.begin() ? nullptr : std::prev(It)->second.first.get();
}

bool Memory::wasFreed(uint64_t Addr) const {
  auto It = Freed.upper_bound(Addr);
  if (It == Freed.begin())
    return false;
  --It;
  return Addr < It->first + std::max<uint64_t>(It->second, 1);
}

void Memory::remember(ObjectTable::const_iterator It) const {
  RecentObjects::Entry &E = Recent.Entries[Recent.Victim];
  Recent.Victim = (Recent.Victim + 1) % RecentObjects::Ways;
  E.Base = It->first;
  E.Size = It->second.first->Size;
  E.It = It;
}

Memory::ObjectTable::const_iterator Memory::find(uint64_t Addr) const {
  auto It = cached(Addr, 1);
  if (It != Objects.end())
    return It;
  It = Objects.upper_bound(Addr);
  assert(It != Objects.begin() && "address was not resolved");
  --It;
  remember(It);
  return It;
}

const MemoryObject *Memory::resolve(uint64_t Addr, uint64_t Size,
                                    AccessError &Err) const {
  Err = AccessError::None;
  if (auto It = cached(Addr, Size); It != Objects.end())
    return It->second.first.get();
  if (Addr < NullPageSize) {
    Err = AccessError::NullPointer;
    return nullptr;
  }
  auto It = Objects.upper_bound(Addr);
  if (It != Objects.begin()) {
    const MemoryObject *O = std::prev(It)->second.first.get();
    if (Addr - O->Base < std::max<uint64_t>(O->Size, 1)) {
      if (Addr + Size > O->Base + O->Size) {
        Err = AccessError::OutOfBounds;
        return nullptr;
      }
      remember(std::prev(It));
      return O;
    }
    // Just past the end of an object: an overflow, not a wild pointer.
    if (Addr < O->Base + O->Size + RedZone && O->Kind != ObjectKind::Host) {
      Err = AccessError::OutOfBounds;
      return nullptr;
    }
  }
  Err =
      wasFreed(Addr) ? AccessError::UseAfterFree : AccessError::InvalidPointer;
  return nullptr;
}

const ObjectContents *Memory::contents(uint64_t Base) const {
  auto It = Objects.find(Base);
  return It == Objects.end() ? nullptr : It->second.second.get();
}

ObjectContents &Memory::writable(ObjectTable::iterator It) {
  auto &Ptr = It->second.second;
  if (Ptr.use_count() > 1)
    Ptr = std::make_shared<ObjectContents>(*Ptr);
  return *Ptr;
}

std::pair<const MemoryObject *, const ObjectContents *>
Memory::locate(uint64_t Addr) const {
  auto It = find(Addr);
  return {It->second.first.get(), It->second.second.get()};
}

std::pair<const MemoryObject *, ObjectContents *>
Memory::locate(uint64_t Addr) {
  // An empty erase turns the const iterator into a mutable one.
  auto Found = find(Addr);
  auto It = Objects.erase(Found, Found);
  if (!It->second.second)
    return {It->second.first.get(), nullptr};
  return {It->second.first.get(), &writable(It)};
}

uint64_t Memory::load(ExprContext &Ctx, uint64_t Addr, unsigned Size,
                      ExprRef &Sym) const {
  assert(Size >= 1 && Size <= 8 && "load of an unsupported size");
  Sym = nullptr;
  auto [Obj, C] = locate(Addr);
  uint64_t Bits = 0;
  if (!C) { // Host memory.
    std::memcpy(&Bits, reinterpret_cast<const void *>(Addr), Size);
    return Bits;
  }
  uint64_t Off = Addr - Obj->Base;
  copySmall(&Bits, C->Bytes.data() + Off, Size);
  if (C->Symbolic.empty())
    return Bits;
  bool AnySymbolic = false;
  for (unsigned I = 0; I < Size && !AnySymbolic; ++I)
    AnySymbolic = C->Symbolic.count(Off + I);
  if (!AnySymbolic)
    return Bits;
  ExprRef Acc = nullptr;
  for (unsigned I = 0; I < Size; ++I) {
    auto It = C->Symbolic.find(Off + I);
    ExprRef B = It != C->Symbolic.end() ? It->second
                                        : Ctx.constant(C->Bytes[Off + I], 8);
    Acc = Acc ? Ctx.concat(B, Acc) : B;
  }
  Sym = Acc->isConst() ? nullptr : Acc;
  return Bits;
}

bool Memory::loadConcrete(uint64_t Addr, unsigned Size, uint64_t &Bits) const {
  auto It = cached(Addr, Size);
  if (It == Objects.end())
    return false;
  const ObjectContents *C = It->second.second.get();
  if (!C || !C->Symbolic.empty())
    return false;
  Bits = 0;
  copySmall(&Bits, C->Bytes.data() + (Addr - It->first), Size);
  return true;
}

bool Memory::storeConcrete(uint64_t Addr, unsigned Size, uint64_t Bits) {
  auto Found = cached(Addr, Size);
  if (Found == Objects.end() || Found->second.first->ReadOnly ||
      !Found->second.second || !Found->second.second->Symbolic.empty())
    return false;
  auto It = Objects.erase(Found, Found); // A mutable iterator.
  copySmall(writable(It).Bytes.data() + (Addr - It->first), &Bits, Size);
  return true;
}

void Memory::store(ExprContext &Ctx, uint64_t Addr, unsigned Size,
                   uint64_t Bits, ExprRef Sym) {
  assert(Size >= 1 && Size <= 8 && "store of an unsupported size");
  auto [Obj, C] = locate(Addr);
  if (!C) {
    std::memcpy(reinterpret_cast<void *>(Addr), &Bits, Size);
    return;
  }
  uint64_t Off = Addr - Obj->Base;
  copySmall(C->Bytes.data() + Off, &Bits, Size);
  if (!Sym) {
    if (!C->Symbolic.empty())
      for (unsigned I = 0; I < Size; ++I)
        C->Symbolic.erase(Off + I);
    return;
  }
  if (Sym->width() < Size * 8)
    Sym = Ctx.zext(Sym, Size * 8);
  for (unsigned I = 0; I < Size; ++I) {
    ExprRef B = Ctx.extract(Sym, I * 8, 8);
    if (B->isConst())
      C->Symbolic.erase(Off + I);
    else
      C->Symbolic[Off + I] = B;
  }
}

void Memory::copy(uint64_t Dst, uint64_t Src, uint64_t Size) {
  if (Size == 0)
    return;
  // Snapshot the source first: the ranges may overlap (memmove).
  auto [SObj, SC] = static_cast<const Memory *>(this)->locate(Src);
  std::vector<uint8_t> Bytes(Size);
  std::vector<std::pair<uint64_t, ExprRef>> Syms;
  if (SC) {
    uint64_t SOff = Src - SObj->Base;
    std::memcpy(Bytes.data(), SC->Bytes.data() + SOff, Size);
    if (!SC->Symbolic.empty())
      for (uint64_t I = 0; I < Size; ++I)
        if (auto It = SC->Symbolic.find(SOff + I); It != SC->Symbolic.end())
          Syms.emplace_back(I, It->second);
  } else {
    std::memcpy(Bytes.data(), reinterpret_cast<const void *>(Src), Size);
  }
  auto [DObj, DC] = locate(Dst);
  if (!DC) {
    std::memcpy(reinterpret_cast<void *>(Dst), Bytes.data(), Size);
    return;
  }
  uint64_t DOff = Dst - DObj->Base;
  std::memcpy(DC->Bytes.data() + DOff, Bytes.data(), Size);
  if (!DC->Symbolic.empty())
    for (uint64_t I = 0; I < Size; ++I)
      DC->Symbolic.erase(DOff + I);
  for (auto &[I, E] : Syms)
    DC->Symbolic[DOff + I] = E;
}

void Memory::fill(uint64_t Dst, uint8_t Byte, ExprRef Sym, uint64_t Size) {
  if (Size == 0)
    return;
  auto [Obj, C] = locate(Dst);
  if (!C) {
    std::memset(reinterpret_cast<void *>(Dst), Byte, Size);
    return;
  }
  uint64_t Off = Dst - Obj->Base;
  std::memset(C->Bytes.data() + Off, Byte, Size);
  for (uint64_t I = 0; I < Size; ++I) {
    if (Sym)
      C->Symbolic[Off + I] = Sym;
    else if (!C->Symbolic.empty())
      C->Symbolic.erase(Off + I);
  }
}

std::string Memory::readCString(uint64_t Addr, size_t Max) const {
  std::string S;
  while (S.size() < Max) {
    AccessError Err;
    if (!resolve(Addr + S.size(), 1, Err))
      break;
    auto [Obj, C] = locate(Addr + S.size());
    char Ch = C ? static_cast<char>(C->Bytes[Addr + S.size() - Obj->Base])
                : *reinterpret_cast<const char *>(Addr + S.size());
    if (!Ch)
      break;
    S.push_back(Ch);
  }
  return S;
}

void Memory::syncToHost() const {
  if (!Space->isHostBacked())
    return;
  for (const auto &[Base, Entry] : Objects)
    if (Entry.second && !Entry.second->Bytes.empty())
      std::memcpy(reinterpret_cast<void *>(Base), Entry.second->Bytes.data(),
                  Entry.second->Bytes.size());
}

void Memory::syncFromHost() {
  if (!Space->isHostBacked())
    return;
  for (auto It = Objects.begin(); It != Objects.end(); ++It) {
    auto &[Obj, C] = It->second;
    if (!C || Obj->ReadOnly || C->Bytes.empty())
      continue;
    const uint8_t *Host = reinterpret_cast<const uint8_t *>(It->first);
    if (std::memcmp(Host, C->Bytes.data(), C->Bytes.size()) == 0)
      continue;
    ObjectContents &W = writable(It);
    if (W.Symbolic.empty()) {
      std::memcpy(W.Bytes.data(), Host, W.Bytes.size());
      continue;
    }
    for (uint64_t I = 0; I < W.Bytes.size(); ++I)
      if (W.Bytes[I] != Host[I]) {
        W.Bytes[I] = Host[I];
        W.Symbolic.erase(I);
      }
  }
}

} // namespace theseus
