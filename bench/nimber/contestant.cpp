// A contestant's nim multiplication, as contest solutions write it (our own code, for the
// side-by-side benchmark in bench/nimber-vs-cpp.sh): a 256 x 256 table of products of bytes,
// then the Fermat 2-power recursion on halves, Karatsuba style:
//   a = a1·F ⊕ a0, b = b1·F ⊕ b0 with F = 2^h, F ⊗ F = F ⊕ F/2:
//   a ⊗ b = ((a1⊕a0)⊗(b1⊕b0) ⊕ a0⊗b0) · F  ⊕  a0⊗b0  ⊕  (a1⊗b1) ⊗ F/2.
// Reads lines "a b" (64-bit unsigned) from stdin, writes a ⊗ b one a line.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>

typedef unsigned long long u64;
static unsigned char T[256][256];

static u64 mul(u64 a, u64 b, int bits);

// Products of bytes from the definition by the same recursion on 4-, 2- and 1-bit halves.
static u64 small(u64 a, u64 b, int bits) {
  if (bits == 1) return a & b;
  int h = bits / 2;
  u64 m = (1ULL << h) - 1;
  u64 a1 = a >> h, a0 = a & m, b1 = b >> h, b0 = b & m;
  u64 lo = small(a0, b0, h);
  u64 mid = small(a1 ^ a0, b1 ^ b0, h) ^ lo;
  u64 hi = small(small(a1, b1, h), 1ULL << (h - 1), h);
  return (mid << h) ^ lo ^ hi;
}

static u64 mul(u64 a, u64 b, int bits) {
  if (bits == 8) return T[a][b];
  int h = bits / 2;
  u64 m = (h == 64) ? ~0ULL : ((1ULL << h) - 1);
  u64 a1 = a >> h, a0 = a & m, b1 = b >> h, b0 = b & m;
  u64 lo = mul(a0, b0, h);
  u64 mid = mul(a1 ^ a0, b1 ^ b0, h) ^ lo;
  u64 hi = mul(mul(a1, b1, h), 1ULL << (h - 1), h);
  return (mid << h) ^ lo ^ hi;
}

int main() {
  for (int a = 0; a < 256; a++)
    for (int b = 0; b < 256; b++) T[a][b] = (unsigned char)small(a, b, 8);
  std::vector<char> in;
  {
    char buf[1 << 16];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, stdin)) > 0) in.insert(in.end(), buf, buf + n);
  }
  std::vector<char> out;
  out.reserve(in.size());
  size_t i = 0, n = in.size();
  char tmp[24];
  while (i < n) {
    u64 x[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
      while (i < n && (in[i] < '0' || in[i] > '9')) i++;
      while (i < n && in[i] >= '0' && in[i] <= '9') x[k] = x[k] * 10 + (in[i++] - '0');
    }
    while (i < n && in[i] != '\n') i++;
    if (i < n) i++;
    u64 p = mul(x[0], x[1], 64);
    int len = 0;
    do { tmp[len++] = '0' + p % 10; p /= 10; } while (p);
    while (len) out.push_back(tmp[--len]);
    out.push_back('\n');
  }
  fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
