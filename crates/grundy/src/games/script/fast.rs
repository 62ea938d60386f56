//! The fast path of `moves`: the subset of Rhai that game scripts are made of (integers,
//! booleans, arrays, `sum`, ranges, loops, conditions, calls of the script's own functions),
//! compiled once from Rhai's own syntax tree into a tree of our own with variables resolved to
//! slots, and run without Rhai's dynamic values.
//!
//! **Exact by construction.** This path never decides anything Rhai would decide differently.
//! Whatever it does not know — a string, a map, a float, `print`, `throw`, a type mismatch, an
//! overflow, an index out of range, a function of Rhai's library it does not have — makes the
//! call *bail*: the whole call is run again by Rhai, which gives its answer or its error. A call
//! has no side effects here (no `print`, no globals written), so running it twice is safe. The
//! sandbox's bounds are kept with margins in Rhai's favour: operations are counted at least as
//! often as Rhai counts them (one or two per statement, expression, call and loop turn), arrays
//! are measured as Rhai measures them (elements, nested arrays counted whole) and `sum`'s
//! contents too (Rhai does not count those), and calls bail two levels before Rhai's depth
//! limit. So a call that succeeds here would succeed in Rhai with the same options, and a call
//! near a bound is left to Rhai, which reports the bound.
//!
//! A script that bails on most of its first `TRIAL_CALLS` (256) calls (its positions are
//! strings, say) stops trying this path for good.

use super::{ScriptValue, MAX_ARRAY_ELEMENTS, MAX_CALL_LEVELS};
use rhai::{ASTFlags, ASTNode, Dynamic, Expr, FnCallExpr, Position, Scope, Stmt, StmtBlock, AST};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A value while a fast call runs.
#[derive(Debug, Clone)]
enum Val {
    Unit,
    Int(i64),
    Bool(bool),
    Array(Arc<Arr>),
    /// `sum([...])`.
    Split(Arc<Arr>),
    /// `a..b` (`inclusive`: `a..=b`).
    Range(i64, i64, bool),
}

/// An array and its size as the sandbox measures it: its elements, each nested array's size
/// added (and a `sum`'s, which Rhai does not count: a margin).
#[derive(Debug, Clone, Default)]
struct Arr {
    items: Vec<Val>,
    size: usize,
}

impl Arr {
    fn new(items: Vec<Val>) -> R<Arr> {
        let size = items.iter().map(|v| 1 + v.nested()).sum();
        checked(Arr { items, size })
    }

    fn unshared(&self) -> Arr {
        Arr { items: self.items.iter().map(Val::unshared).collect(), size: self.size }
    }
}

/// The largest constant array (in elements, nested ones counted) copied for each use rather than
/// shared ([`Val::unshared`]).
const SMALL_CONSTANT: usize = 16;

fn checked(arr: Arr) -> R<Arr> {
    if arr.size > MAX_ARRAY_ELEMENTS {
        Err(Bail)
    } else {
        Ok(arr)
    }
}

impl Val {
    /// A copy that shares no array with `self` when the arrays are small: a constant of the
    /// program (`[]` folded by Rhai's optimizer, a global) is read by every worker thread, and
    /// sharing it would make each of them write its reference count, a cache line the threads
    /// then pass back and forth on every call. A large constant (a table) is shared.
    fn unshared(&self) -> Val {
        match self {
            Val::Array(a) if a.size <= SMALL_CONSTANT => Val::Array(Arc::new(a.unshared())),
            Val::Split(a) if a.size <= SMALL_CONSTANT => Val::Split(Arc::new(a.unshared())),
            other => other.clone(),
        }
    }

    fn nested(&self) -> usize {
        match self {
            Val::Array(a) | Val::Split(a) => a.size,
            _ => 0,
        }
    }
    fn int(&self) -> R<i64> {
        match self {
            Val::Int(v) => Ok(*v),
            _ => Err(Bail),
        }
    }
    fn bool(&self) -> R<bool> {
        match self {
            Val::Bool(v) => Ok(*v),
            _ => Err(Bail),
        }
    }
    fn array(&self) -> R<&Arc<Arr>> {
        match self {
            Val::Array(a) => Ok(a),
            _ => Err(Bail),
        }
    }

    fn from_position(value: &ScriptValue) -> Option<Val> {
        Some(match value {
            ScriptValue::Int(v) => Val::Int(*v),
            ScriptValue::Bool(v) => Val::Bool(*v),
            ScriptValue::Array(items) => Val::Array(Arc::new(
                Arr::new(items.iter().map(Val::from_position).collect::<Option<_>>()?).ok()?,
            )),
            _ => return None,
        })
    }

    fn from_dynamic(value: &Dynamic) -> Option<Val> {
        if let Ok(v) = value.as_int() {
            return Some(Val::Int(v));
        }
        if let Ok(v) = value.as_bool() {
            return Some(Val::Bool(v));
        }
        if value.is_unit() {
            return Some(Val::Unit);
        }
        // Rhai's optimizer folds `0..2` into a constant.
        if let Some(range) = value.clone().try_cast::<std::ops::Range<i64>>() {
            return Some(Val::Range(range.start, range.end, false));
        }
        if let Some(range) = value.clone().try_cast::<std::ops::RangeInclusive<i64>>() {
            return Some(Val::Range(*range.start(), *range.end(), true));
        }
        if value.is_array() {
            let array = value.read_lock::<rhai::Array>()?;
            let items = array.iter().map(Val::from_dynamic).collect::<Option<_>>()?;
            return Some(Val::Array(Arc::new(Arr::new(items).ok()?)));
        }
        None
    }

    fn to_position(&self) -> R<ScriptValue> {
        match self {
            Val::Int(v) => Ok(ScriptValue::Int(*v)),
            Val::Bool(v) => Ok(ScriptValue::Bool(*v)),
            Val::Array(a) => {
                a.items.iter().map(Val::to_position).collect::<R<_>>().map(ScriptValue::Array)
            }
            _ => Err(Bail),
        }
    }
}

/// An option as `moves` gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Choice {
    /// A position.
    One(ScriptValue),
    /// `sum([...])`: independent components.
    Sum(Vec<ScriptValue>),
}

/// The call must be run by Rhai.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bail;

type R<T> = Result<T, Bail>;

#[derive(Debug, Clone, Copy)]
enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Pow,
    Shl,
    Shr,
    And,
    Or,
    Xor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Range,
    RangeInclusive,
}

impl BinOp {
    fn of(name: &str) -> Option<BinOp> {
        Some(match name {
            "+" => BinOp::Add,
            "-" => BinOp::Sub,
            "*" => BinOp::Mul,
            "/" => BinOp::Div,
            "%" => BinOp::Rem,
            "**" => BinOp::Pow,
            "<<" => BinOp::Shl,
            ">>" => BinOp::Shr,
            "&" => BinOp::And,
            "|" => BinOp::Or,
            "^" => BinOp::Xor,
            "==" => BinOp::Eq,
            "!=" => BinOp::Ne,
            "<" => BinOp::Lt,
            "<=" => BinOp::Le,
            ">" => BinOp::Gt,
            ">=" => BinOp::Ge,
            ".." => BinOp::Range,
            "..=" => BinOp::RangeInclusive,
            _ => return None,
        })
    }
}

/// Methods of arrays this path knows (the same names are callable as functions, `len(a)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    Len,
    IsEmpty,
    Contains,
    Extract,
    Push,
    Pop,
    Sort,
    Reverse,
}

impl Method {
    fn of(name: &str, args: usize) -> Option<Method> {
        Some(match (name, args) {
            ("len", 0) => Method::Len,
            ("is_empty", 0) => Method::IsEmpty,
            ("contains", 1) => Method::Contains,
            ("extract", 1 | 2) => Method::Extract,
            ("push", 1) => Method::Push,
            ("pop", 0) => Method::Pop,
            ("sort", 0) => Method::Sort,
            ("reverse", 0) => Method::Reverse,
            _ => return None,
        })
    }
    fn mutates(self) -> bool {
        matches!(self, Method::Push | Method::Pop | Method::Sort | Method::Reverse)
    }
}

#[derive(Debug, Clone, Copy)]
enum Builtin {
    Sum,
    Min,
    Max,
    Abs,
    Range,
    /// A method called as a function on a value (`len(a)`, `contains(a, x)`).
    Method(Method),
}

#[derive(Debug)]
enum Node {
    Const(Val),
    Local(u32),
    /// A variable of the script's top level: visible only in the function the host calls.
    Global(u32),
    Array(Box<[Node]>),
    Bin(BinOp, Box<(Node, Node)>),
    Neg(Box<Node>),
    Not(Box<Node>),
    And(Box<[Node]>),
    Or(Box<[Node]>),
    /// `base[i].m(...)...`, read only.
    Chain(Box<Node>, Box<[Step]>),
    /// `slot[i]...[j].m(args)` with a method that changes the array in place.
    Mutate(u32, Box<[Node]>, Method, Box<[Node]>),
    Call(u32, Box<[Node]>),
    Builtin(Builtin, Box<[Node]>),
    Block(Box<Block>),
    If(Box<(Node, Block, Block)>),
    Bail,
}

#[derive(Debug)]
enum Step {
    Index(Node),
    Method(Method, Box<[Node]>),
}

#[derive(Debug)]
enum Code {
    Let(u32, Node),
    Assign(u32, Node),
    OpAssign(u32, BinOp, Node),
    SetIndex(u32, Box<[Node]>, Node),
    While { cond: Option<Node>, body: Block, check_after: bool, until: bool },
    For { var: u32, counter: Option<u32>, over: Node, body: Block },
    Break,
    Continue,
    Return(Node),
    Expr(Node),
}

#[derive(Debug, Default)]
struct Block(Box<[Code]>);

#[derive(Debug)]
struct Function {
    arity: usize,
    slots: usize,
    body: Block,
}

/// The script's functions compiled for the fast path.
#[derive(Debug)]
pub(super) struct Program {
    functions: Vec<Function>,
    moves: u32,
    globals: Vec<Option<Val>>,
    calls: AtomicU64,
    bails: AtomicU64,
}

/// Calls tried before a script that bailed on most of them is left to Rhai.
pub(super) const TRIAL_CALLS: u64 = 256;

impl Program {
    /// Compiles the script's functions; `None` if it has no `moves(p)` (the host reports it).
    pub(super) fn compile(ast: &AST, globals: &Scope<'_>) -> Option<Program> {
        // The top level's statements come first in the walk, then each function's, in the order
        // of `iter_fn_def`; a function's own statements lie within its body's span.
        let mut top = Vec::new();
        ast.walk(&mut |nodes: &[ASTNode]| {
            if let [ASTNode::Stmt(stmt)] = nodes {
                top.push((*stmt).clone());
            }
            true
        });
        let defs: Vec<_> = ast.iter_fn_def().collect();
        let mut rest = top.into_iter().skip(ast.statements().len()).peekable();
        let mut bodies = Vec::new();
        for def in &defs {
            let (start, end) = (def.body.start_position(), def.body.end_position());
            // Without both ends of every body the statements cannot be told apart: no fast path.
            if start.is_none() || end.is_none() {
                return None;
            }
            let mut body = Vec::new();
            while let Some(stmt) = rest.peek() {
                if !within(stmt.position(), start, end) {
                    break;
                }
                body.push(rest.next()?);
            }
            bodies.push(body);
        }
        if rest.next().is_some() {
            return None;
        }
        let names: HashMap<(String, usize), u32> = defs
            .iter()
            .enumerate()
            .map(|(i, def)| ((def.name.to_string(), def.params.len()), i as u32))
            .collect();
        let mut global_names = HashMap::new();
        let mut global_values = Vec::new();
        for (name, _constant, value) in globals.iter_raw() {
            // A later variable of the same name hides an earlier one.
            global_names.insert(name.to_string(), global_values.len() as u32);
            global_values.push(Val::from_dynamic(value));
        }
        let defined = defs.iter().map(|def| def.name.to_string()).collect();
        let mut functions = Vec::new();
        for (def, body) in defs.iter().zip(&bodies) {
            let mut compiler = Compiler {
                functions: &names,
                defined: &defined,
                globals: &global_names,
                scopes: vec![def
                    .params
                    .iter()
                    .enumerate()
                    .map(|(slot, p)| (p.to_string(), slot as u32))
                    .collect()],
                constants: Vec::new(),
                slots: def.params.len(),
            };
            let block = compiler.stmts(body);
            functions.push(Function {
                arity: def.params.len(),
                slots: compiler.slots,
                body: block,
            });
        }
        let moves = *names.get(&("moves".to_string(), 1))?;
        Some(Program {
            functions,
            moves,
            globals: global_values,
            calls: AtomicU64::new(0),
            bails: AtomicU64::new(0),
        })
    }

    /// The options of `position` as `moves` gives them (each a list of components), or
    /// [`Bail`] if Rhai must answer.
    pub(super) fn moves(
        &self,
        position: &ScriptValue,
        budget: u64,
        stop: &dyn Fn() -> bool,
    ) -> R<Vec<Choice>> {
        // The first TRIAL_CALLS calls decide: past them the counters are only read, so that
        // worker threads calling at once do not pass their cache line back and forth. (A trial
        // call still running when others have passed the trial may yet count its bail.)
        let trial = self.calls.load(Ordering::Relaxed) < TRIAL_CALLS
            && self.calls.fetch_add(1, Ordering::Relaxed) < TRIAL_CALLS;
        if !trial && 2 * self.bails.load(Ordering::Relaxed) > TRIAL_CALLS {
            return Err(Bail);
        }
        let result = self.run_moves(position, budget, stop);
        if trial && result.is_err() {
            self.bails.fetch_add(1, Ordering::Relaxed);
        }
        result
    }

    fn run_moves(
        &self,
        position: &ScriptValue,
        budget: u64,
        stop: &dyn Fn() -> bool,
    ) -> R<Vec<Choice>> {
        let arg = Val::from_position(position).ok_or(Bail)?;
        let result = Run::new(self, budget, stop).call(self.moves, vec![arg])?;
        let Val::Array(list) = result else { return Err(Bail) };
        list.items
            .iter()
            .map(|option| match option {
                Val::Split(parts) => {
                    parts.items.iter().map(Val::to_position).collect::<R<_>>().map(Choice::Sum)
                }
                single => single.to_position().map(Choice::One),
            })
            .collect()
    }

    /// The operations this path counts for `moves(position)` (for the tests that check the
    /// count is never below Rhai's).
    #[cfg(test)]
    pub(super) fn count_operations(&self, position: &ScriptValue) -> Option<u64> {
        let arg = Val::from_position(position)?;
        let mut run = Run::new(self, u64::MAX, &|| false);
        run.call(self.moves, vec![arg]).ok()?;
        Some(run.ops)
    }
}

fn within(at: Position, start: Position, end: Position) -> bool {
    let key = |p: Position| (p.line().unwrap_or(0), p.position().unwrap_or(0));
    !at.is_none() && key(start) <= key(at) && key(at) <= key(end)
}

struct Compiler<'a> {
    functions: &'a HashMap<(String, usize), u32>,
    /// Names of the script's functions: a call of one of them that is also a name this path
    /// knows (`len`, `sum`, ...) is left to Rhai, whose rules for which one wins are its own.
    defined: &'a std::collections::HashSet<String>,
    globals: &'a HashMap<String, u32>,
    /// Names in scope with their slots, innermost scope last.
    scopes: Vec<Vec<(String, u32)>>,
    /// Slots of local constants (never changed here: Rhai reports the attempt).
    constants: Vec<u32>,
    slots: usize,
}

/// The parameters are slots 0.., and every `let` gets a fresh slot.
impl Compiler<'_> {
    fn lookup(&self, name: &str) -> Option<u32> {
        self.scopes
            .iter()
            .rev()
            .flat_map(|scope| scope.iter().rev())
            .find(|(n, _)| n == name)
            .map(|(_, slot)| *slot)
    }

    /// A local that may be changed.
    fn variable(&self, name: &str) -> Option<u32> {
        self.lookup(name).filter(|slot| !self.constants.contains(slot))
    }

    fn bind(&mut self, name: &str) -> u32 {
        let slot = self.slots as u32;
        self.slots += 1;
        self.scopes.last_mut().expect("a scope").push((name.to_string(), slot));
        slot
    }

    fn stmts(&mut self, stmts: &[Stmt]) -> Block {
        self.scopes.push(Vec::new());
        let code = stmts.iter().map(|s| self.stmt(s)).collect();
        self.scopes.pop();
        Block(code)
    }

    fn block(&mut self, block: &StmtBlock) -> Block {
        self.stmts(block.statements())
    }

    fn stmt(&mut self, stmt: &Stmt) -> Code {
        match stmt {
            Stmt::Noop(_) => Code::Expr(Node::Const(Val::Unit)),
            Stmt::Var(x, flags, _) if !flags.contains(ASTFlags::EXPORTED) => {
                let value = self.expr(&x.1);
                let slot = self.bind(x.0.name.as_str());
                if flags.contains(ASTFlags::CONSTANT) {
                    self.constants.push(slot);
                }
                Code::Let(slot, value)
            }
            Stmt::Assignment(x) => {
                let (op, target) = (&x.0, &x.1);
                let value = self.expr(&target.rhs);
                let binop = match op.get_op_assignment_info() {
                    None => None,
                    Some((.., op_syntax)) => match BinOp::of(op_syntax) {
                        Some(b) => Some(b),
                        None => return Code::Expr(Node::Bail),
                    },
                };
                match &target.lhs {
                    Expr::Variable(v, _, _) if v.2.is_empty() => {
                        let Some(slot) = self.variable(v.1.as_str()) else {
                            return Code::Expr(Node::Bail);
                        };
                        match binop {
                            None => Code::Assign(slot, value),
                            Some(b) => Code::OpAssign(slot, b, value),
                        }
                    }
                    Expr::Index(..) => match (self.place(&target.lhs), binop) {
                        (Some((slot, path)), None) => Code::SetIndex(slot, path, value),
                        // `a[i] op= x` is `a[i] = a[i] op x` (the indices have no side effects).
                        (Some((slot, path)), Some(op)) => {
                            let Some((_, read)) = self.place(&target.lhs) else {
                                return Code::Expr(Node::Bail);
                            };
                            let read = read.into_vec().into_iter().map(Step::Index).collect();
                            let current = Node::Chain(Box::new(Node::Local(slot)), read);
                            Code::SetIndex(slot, path, Node::Bin(op, Box::new((current, value))))
                        }
                        (None, _) => Code::Expr(Node::Bail),
                    },
                    _ => Code::Expr(Node::Bail),
                }
            }
            Stmt::If(x, _) => Code::Expr(Node::If(Box::new((
                self.expr(&x.expr),
                self.block(&x.body),
                self.block(&x.branch),
            )))),
            Stmt::While(x, _) => Code::While {
                cond: if matches!(x.expr, Expr::Unit(_)) { None } else { Some(self.expr(&x.expr)) },
                body: self.block(&x.body),
                check_after: false,
                until: false,
            },
            Stmt::Do(x, flags, _) => Code::While {
                cond: Some(self.expr(&x.expr)),
                body: self.block(&x.body),
                check_after: true,
                until: flags.contains(ASTFlags::NEGATED),
            },
            Stmt::For(x, _) => {
                let over = self.expr(&x.2.expr);
                self.scopes.push(Vec::new());
                let var = self.bind(x.0.name.as_str());
                let counter = x.1.as_ref().map(|c| self.bind(c.name.as_str()));
                let body = self.block(&x.2.body);
                self.scopes.pop();
                Code::For { var, counter, over, body }
            }
            Stmt::BreakLoop(None, flags, _) => {
                if flags.contains(ASTFlags::BREAK) {
                    Code::Break
                } else {
                    Code::Continue
                }
            }
            Stmt::Return(value, flags, _) if !flags.contains(ASTFlags::BREAK) => {
                Code::Return(value.as_ref().map_or(Node::Const(Val::Unit), |v| self.expr(v)))
            }
            Stmt::Block(block) => Code::Expr(Node::Block(Box::new(self.block(block)))),
            Stmt::Expr(expr) => Code::Expr(self.expr(expr)),
            Stmt::FnCall(call, _) => Code::Expr(self.call(call)),
            _ => Code::Expr(Node::Bail),
        }
    }

    /// `slot[i]...[j]` as an assignment's target.
    fn place(&mut self, expr: &Expr) -> Option<(u32, Box<[Node]>)> {
        let Expr::Index(x, flags, _) = expr else { return None };
        let Expr::Variable(v, _, _) = &x.lhs else { return None };
        if !v.2.is_empty() {
            return None;
        }
        let slot = self.variable(v.1.as_str())?;
        let steps = self.steps(false, &x.rhs, *flags)?;
        let path = steps
            .into_iter()
            .map(|s| match s {
                Step::Index(i) => Some(i),
                Step::Method(..) => None,
            })
            .collect::<Option<Vec<_>>>()?;
        Some((slot, path.into()))
    }

    /// The steps of a chain after its base: `dot` says whether the parent is `.` or `[`.
    fn steps(&mut self, dot: bool, rhs: &Expr, flags: ASTFlags) -> Option<Vec<Step>> {
        if flags.contains(ASTFlags::NEGATED) {
            return None;
        }
        if !dot && flags.contains(ASTFlags::BREAK) {
            return Some(vec![Step::Index(self.expr(rhs))]);
        }
        match rhs {
            Expr::MethodCall(call, _) if dot => Some(vec![self.method(call)?]),
            Expr::Index(y, f, _) | Expr::Dot(y, f, _) => {
                let first = if dot {
                    let Expr::MethodCall(call, _) = &y.lhs else { return None };
                    self.method(call)?
                } else {
                    Step::Index(self.expr(&y.lhs))
                };
                let mut steps = vec![first];
                steps.extend(self.steps(matches!(rhs, Expr::Dot(..)), &y.rhs, *f)?);
                Some(steps)
            }
            _ => None,
        }
    }

    fn method(&mut self, call: &FnCallExpr) -> Option<Step> {
        if !call.namespace.is_empty() || call.capture_parent_scope {
            return None;
        }
        if self.defined.contains(call.name.as_str()) {
            return None;
        }
        let method = Method::of(call.name.as_str(), call.args.len())?;
        Some(Step::Method(method, self.exprs(&call.args)))
    }

    fn exprs(&mut self, exprs: &[Expr]) -> Box<[Node]> {
        exprs.iter().map(|e| self.expr(e)).collect()
    }

    fn chain(&mut self, dot: bool, base: &Expr, rhs: &Expr, flags: ASTFlags) -> Node {
        let Some(mut steps) = self.steps(dot, rhs, flags) else { return Node::Bail };
        // A method that changes the array, at the end of a path of indices from a local
        // variable, changes the variable.
        if let (Expr::Variable(v, _, _), Some(Step::Method(method, _))) = (base, steps.last()) {
            if method.mutates() && v.2.is_empty() {
                let Some(slot) = self.variable(v.1.as_str()) else { return Node::Bail };
                let Some(Step::Method(method, args)) = steps.pop() else { unreachable!() };
                let path = steps
                    .into_iter()
                    .map(|s| match s {
                        Step::Index(i) => Some(i),
                        Step::Method(..) => None,
                    })
                    .collect::<Option<Vec<_>>>();
                return match path {
                    Some(path) => Node::Mutate(slot, path.into(), method, args),
                    None => Node::Bail,
                };
            }
        }
        Node::Chain(Box::new(self.expr(base)), steps.into())
    }

    fn call(&mut self, call: &FnCallExpr) -> Node {
        if !call.namespace.is_empty() || call.capture_parent_scope {
            return Node::Bail;
        }
        let name = call.name.as_str();
        let args = &call.args;
        if call.op_token.is_some() {
            match (name, args.len()) {
                ("-", 1) => return Node::Neg(Box::new(self.expr(&args[0]))),
                ("!", 1) => return Node::Not(Box::new(self.expr(&args[0]))),
                ("+", 1) => return self.expr(&args[0]),
                (_, 2) => {
                    if let Some(op) = BinOp::of(name) {
                        let (a, b) = (self.expr(&args[0]), self.expr(&args[1]));
                        return Node::Bin(op, Box::new((a, b)));
                    }
                }
                _ => {}
            }
            return Node::Bail;
        }
        let known = matches!(name, "sum" | "min" | "max" | "abs" | "range")
            || (1..=3).any(|n| Method::of(name, n - 1).is_some());
        if known && self.defined.contains(name) {
            return Node::Bail;
        }
        if let Some(&index) = self.functions.get(&(name.to_string(), args.len())) {
            return Node::Call(index, self.exprs(args));
        }
        let builtin = match (name, args.len()) {
            ("sum", 1) => Builtin::Sum,
            ("min", 2) => Builtin::Min,
            ("max", 2) => Builtin::Max,
            ("abs", 1) => Builtin::Abs,
            ("range", 2) => Builtin::Range,
            (_, n) if n >= 1 => match Method::of(name, n - 1) {
                Some(m) if !m.mutates() => Builtin::Method(m),
                _ => return Node::Bail,
            },
            _ => return Node::Bail,
        };
        Node::Builtin(builtin, self.exprs(args))
    }

    fn expr(&mut self, expr: &Expr) -> Node {
        match expr {
            Expr::IntegerConstant(v, _) => Node::Const(Val::Int(*v)),
            Expr::BoolConstant(v, _) => Node::Const(Val::Bool(*v)),
            Expr::Unit(_) => Node::Const(Val::Unit),
            Expr::DynamicConstant(v, _) => Val::from_dynamic(v).map_or(Node::Bail, Node::Const),
            Expr::Array(items, _) => Node::Array(self.exprs(items)),
            Expr::Variable(v, _, _) if v.2.is_empty() => {
                let name = v.1.as_str();
                if let Some(slot) = self.lookup(name) {
                    Node::Local(slot)
                } else if let Some(&index) = self.globals.get(name) {
                    Node::Global(index)
                } else {
                    Node::Bail
                }
            }
            Expr::FnCall(call, _) => self.call(call),
            Expr::And(items, _) => Node::And(self.exprs(items)),
            Expr::Or(items, _) => Node::Or(self.exprs(items)),
            Expr::Index(x, flags, _) => self.chain(false, &x.lhs, &x.rhs, *flags),
            Expr::Dot(x, flags, _) => self.chain(true, &x.lhs, &x.rhs, *flags),
            Expr::Stmt(block) => Node::Block(Box::new(self.block(block))),
            _ => Node::Bail,
        }
    }
}

/// How often (in operations) a call looks at the cancellation flag and the deadline.
const CHECK_EVERY: u64 = 4096;

enum Flow {
    Next(Val),
    Break,
    Continue,
    Return(Val),
}

struct Run<'a> {
    program: &'a Program,
    ops: u64,
    budget: u64,
    next_check: u64,
    stop: &'a dyn Fn() -> bool,
    depth: usize,
}

impl<'a> Run<'a> {
    fn new(program: &'a Program, budget: u64, stop: &'a dyn Fn() -> bool) -> Run<'a> {
        let next_check = CHECK_EVERY.min(budget.saturating_add(1));
        Run { program, ops: 0, budget, next_check, stop, depth: 0 }
    }

    #[inline]
    fn tick(&mut self, n: u64) -> R<()> {
        self.ops += n;
        if self.ops >= self.next_check {
            if self.ops > self.budget || (self.stop)() {
                return Err(Bail);
            }
            self.next_check = (self.ops + CHECK_EVERY).min(self.budget.saturating_add(1));
        }
        Ok(())
    }

    fn call(&mut self, index: u32, args: Vec<Val>) -> R<Val> {
        self.tick(3)?;
        if self.depth + 2 >= MAX_CALL_LEVELS {
            return Err(Bail);
        }
        let function = &self.program.functions[index as usize];
        debug_assert_eq!(function.arity, args.len());
        let mut frame = args;
        frame.resize(function.slots, Val::Unit);
        self.depth += 1;
        let flow = self.block(&function.body, &mut frame);
        self.depth -= 1;
        match flow? {
            Flow::Next(v) | Flow::Return(v) => Ok(v),
            Flow::Break | Flow::Continue => Err(Bail),
        }
    }

    fn block(&mut self, block: &Block, frame: &mut [Val]) -> R<Flow> {
        let mut last = Val::Unit;
        for code in block.0.iter() {
            self.tick(2)?;
            last = Val::Unit;
            match code {
                Code::Let(slot, node) | Code::Assign(slot, node) => {
                    frame[*slot as usize] = self.eval(node, frame)?;
                }
                Code::OpAssign(slot, op, node) => {
                    let rhs = self.eval(node, frame)?;
                    let slot = &mut frame[*slot as usize];
                    match (op, &mut *slot, rhs) {
                        // `a += x` appends x's elements if it is an array, else x.
                        (BinOp::Add, Val::Array(a), rhs) => {
                            let a = Arc::make_mut(a);
                            match rhs {
                                Val::Array(b) => {
                                    a.size += b.size;
                                    a.items.extend(b.items.iter().cloned());
                                }
                                other => {
                                    a.size += 1 + other.nested();
                                    a.items.push(other);
                                }
                            }
                            if a.size > MAX_ARRAY_ELEMENTS {
                                return Err(Bail);
                            }
                        }
                        (op, current, rhs) => {
                            let value = binary(*op, current.clone(), rhs)?;
                            *current = value;
                        }
                    }
                }
                Code::SetIndex(slot, path, node) => {
                    let value = self.eval(node, frame)?;
                    let indices = self.indices(path, frame)?;
                    set_index(&mut frame[*slot as usize], &indices, value)?;
                }
                Code::While { cond, body, check_after, until } => loop {
                    self.tick(1)?;
                    if !check_after {
                        if let Some(cond) = cond {
                            if self.eval(cond, frame)?.bool()? == *until {
                                break;
                            }
                        }
                    }
                    match self.block(body, frame)? {
                        Flow::Break => break,
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        Flow::Next(_) | Flow::Continue => {}
                    }
                    if *check_after {
                        if let Some(cond) = cond {
                            if self.eval(cond, frame)?.bool()? == *until {
                                break;
                            }
                        }
                    }
                },
                Code::For { var, counter, over, body } => {
                    let over = self.eval(over, frame)?;
                    match over {
                        Val::Range(from, to, inclusive) => {
                            let end = if inclusive { to as i128 + 1 } else { to as i128 };
                            let mut i = from as i128;
                            let mut turn = 0i64;
                            while i < end {
                                self.tick(2)?;
                                frame[*var as usize] = Val::Int(i as i64);
                                if let Some(c) = counter {
                                    frame[*c as usize] = Val::Int(turn);
                                }
                                match self.block(body, frame)? {
                                    Flow::Break => break,
                                    Flow::Return(v) => return Ok(Flow::Return(v)),
                                    Flow::Next(_) | Flow::Continue => {}
                                }
                                i += 1;
                                turn += 1;
                            }
                        }
                        Val::Array(items) => {
                            for (turn, item) in items.items.iter().enumerate() {
                                self.tick(2)?;
                                frame[*var as usize] = item.clone();
                                if let Some(c) = counter {
                                    frame[*c as usize] = Val::Int(turn as i64);
                                }
                                match self.block(body, frame)? {
                                    Flow::Break => break,
                                    Flow::Return(v) => return Ok(Flow::Return(v)),
                                    Flow::Next(_) | Flow::Continue => {}
                                }
                            }
                        }
                        _ => return Err(Bail),
                    }
                }
                Code::Break => return Ok(Flow::Break),
                Code::Continue => return Ok(Flow::Continue),
                Code::Return(node) => return Ok(Flow::Return(self.eval(node, frame)?)),
                // A statement's `if` or block may break, continue or return.
                Code::Expr(node @ (Node::If(_) | Node::Block(_))) => {
                    match self.flow(node, frame)? {
                        Flow::Next(v) => last = v,
                        other => return Ok(other),
                    }
                }
                Code::Expr(node) => last = self.eval(node, frame)?,
            }
        }
        Ok(Flow::Next(last))
    }

    fn eval(&mut self, node: &Node, frame: &mut [Val]) -> R<Val> {
        self.ops += 2;
        Ok(match node {
            Node::Const(v) => v.unshared(),
            Node::Local(slot) => frame[*slot as usize].clone(),
            Node::Global(index) => {
                if self.depth != 1 {
                    return Err(Bail);
                }
                self.program.globals[*index as usize].as_ref().ok_or(Bail)?.unshared()
            }
            Node::Array(items) => {
                let mut values = Vec::with_capacity(items.len());
                for item in items.iter() {
                    values.push(self.eval(item, frame)?);
                }
                Val::Array(Arc::new(Arr::new(values)?))
            }
            Node::Bin(op, x) => {
                let a = self.eval(&x.0, frame)?;
                let b = self.eval(&x.1, frame)?;
                binary(*op, a, b)?
            }
            Node::Neg(x) => Val::Int(self.eval(x, frame)?.int()?.checked_neg().ok_or(Bail)?),
            Node::Not(x) => Val::Bool(!self.eval(x, frame)?.bool()?),
            Node::And(items) => {
                for item in items.iter() {
                    if !self.eval(item, frame)?.bool()? {
                        return Ok(Val::Bool(false));
                    }
                }
                Val::Bool(true)
            }
            Node::Or(items) => {
                for item in items.iter() {
                    if self.eval(item, frame)?.bool()? {
                        return Ok(Val::Bool(true));
                    }
                }
                Val::Bool(false)
            }
            Node::Chain(base, steps) => {
                let mut value = self.eval(base, frame)?;
                for step in steps.iter() {
                    self.tick(1)?;
                    value = match step {
                        Step::Index(i) => {
                            let i = self.eval(i, frame)?.int()?;
                            let a = value.array()?;
                            a.items[index_of(i, a.items.len())?].clone()
                        }
                        Step::Method(method, args) => {
                            let args = self.args(args, frame)?;
                            let mut target = value;
                            apply(*method, &mut target, args)?
                        }
                    };
                }
                value
            }
            Node::Mutate(slot, path, method, args) => {
                self.tick(2)?;
                let indices = self.indices(path, frame)?;
                let args = self.args(args, frame)?;
                let mut target = &mut frame[*slot as usize];
                for &i in &indices {
                    let Val::Array(a) = target else { return Err(Bail) };
                    let a = Arc::make_mut(a);
                    let at = index_of(i, a.items.len())?;
                    target = &mut a.items[at];
                }
                let before = target.nested();
                let result = apply(*method, target, args)?;
                let grew = target.nested() as isize - before as isize;
                if grew != 0 && !indices.is_empty() {
                    resize_path(&mut frame[*slot as usize], &indices, grew)?;
                }
                result
            }
            Node::Call(index, args) => {
                let args = self.args(args, frame)?.into_vec();
                self.call(*index, args)?
            }
            Node::Builtin(builtin, args) => {
                self.tick(2)?;
                let mut args = self.args(args, frame)?.into_vec();
                match builtin {
                    Builtin::Sum => match args.pop() {
                        Some(Val::Array(a)) => Val::Split(a),
                        _ => return Err(Bail),
                    },
                    Builtin::Min => Val::Int(args[0].int()?.min(args[1].int()?)),
                    Builtin::Max => Val::Int(args[0].int()?.max(args[1].int()?)),
                    Builtin::Abs => Val::Int(args[0].int()?.checked_abs().ok_or(Bail)?),
                    Builtin::Range => Val::Range(args[0].int()?, args[1].int()?, false),
                    Builtin::Method(method) => {
                        let mut target = args.remove(0);
                        apply(*method, &mut target, args.into_boxed_slice())?
                    }
                }
            }
            // As a value, an `if` or block that leaves by `break` or `return` is Rhai's to judge.
            Node::Block(_) | Node::If(_) => match self.flow(node, frame)? {
                Flow::Next(v) => v,
                _ => return Err(Bail),
            },
            Node::Bail => return Err(Bail),
        })
    }

    /// An `if` (the branch its condition picks) or a block, run.
    #[inline]
    fn flow(&mut self, node: &Node, frame: &mut [Val]) -> R<Flow> {
        match node {
            Node::If(x) => {
                let (cond, then, otherwise) = &**x;
                let branch = if self.eval(cond, frame)?.bool()? { then } else { otherwise };
                self.block(branch, frame)
            }
            Node::Block(inner) => self.block(inner, frame),
            _ => Ok(Flow::Next(self.eval(node, frame)?)),
        }
    }

    /// The integer indices of a path `[i]...[j]`.
    fn indices(&mut self, path: &[Node], frame: &mut [Val]) -> R<Vec<i64>> {
        path.iter().map(|i| self.eval(i, frame)?.int()).collect()
    }

    fn args(&mut self, args: &[Node], frame: &mut [Val]) -> R<Box<[Val]>> {
        let mut values = Vec::with_capacity(args.len());
        for arg in args {
            values.push(self.eval(arg, frame)?);
        }
        Ok(values.into_boxed_slice())
    }
}

/// Rhai's index: from the end when negative; out of range is an error (so: Rhai's).
fn index_of(i: i64, len: usize) -> R<usize> {
    let at = if i < 0 { len as i64 + i } else { i };
    if at < 0 || at >= len as i64 {
        Err(Bail)
    } else {
        Ok(at as usize)
    }
}

fn set_index(target: &mut Val, indices: &[i64], value: Val) -> R<()> {
    let Val::Array(a) = target else { return Err(Bail) };
    let a = Arc::make_mut(a);
    let at = index_of(indices[0], a.items.len())?;
    let before = a.items[at].nested();
    if indices.len() == 1 {
        a.size = a.size - before + value.nested();
        a.items[at] = value;
    } else {
        set_index(&mut a.items[at], &indices[1..], value)?;
        a.size = a.size - before + a.items[at].nested();
    }
    if a.size > MAX_ARRAY_ELEMENTS {
        return Err(Bail);
    }
    Ok(())
}

/// After an element at `indices` changed its size by `grew`, the arrays on the way to it
/// change theirs.
fn resize_path(target: &mut Val, indices: &[i64], grew: isize) -> R<()> {
    let Val::Array(a) = target else { return Err(Bail) };
    let a = Arc::make_mut(a);
    a.size = (a.size as isize + grew) as usize;
    if a.size > MAX_ARRAY_ELEMENTS {
        return Err(Bail);
    }
    if indices.len() > 1 {
        let at = index_of(indices[0], a.items.len())?;
        resize_path(&mut a.items[at], &indices[1..], grew)?;
    }
    Ok(())
}

/// A method on an array (in place when it changes it); its result.
fn apply(method: Method, target: &mut Val, args: Box<[Val]>) -> R<Val> {
    let Val::Array(a) = target else { return Err(Bail) };
    Ok(match method {
        Method::Len => Val::Int(a.items.len() as i64),
        Method::IsEmpty => Val::Bool(a.items.is_empty()),
        Method::Contains => {
            let mut found = false;
            for item in &a.items {
                if equal(item, &args[0])? {
                    found = true;
                    break;
                }
            }
            Val::Bool(found)
        }
        Method::Extract => {
            let start = args[0].int()?;
            if start < 0 {
                return Err(Bail);
            }
            let len = a.items.len();
            let start = (start as usize).min(len);
            let end = match args.get(1) {
                None => len,
                Some(n) => {
                    let n = n.int()?;
                    if n < 0 {
                        return Err(Bail);
                    }
                    start.saturating_add(n as usize).min(len)
                }
            };
            Val::Array(Arc::new(Arr::new(a.items[start..end].to_vec())?))
        }
        Method::Push => {
            let a = Arc::make_mut(a);
            let item = args.into_vec().pop().ok_or(Bail)?;
            a.size += 1 + item.nested();
            a.items.push(item);
            if a.size > MAX_ARRAY_ELEMENTS {
                return Err(Bail);
            }
            Val::Unit
        }
        Method::Pop => {
            let a = Arc::make_mut(a);
            match a.items.pop() {
                Some(item) => {
                    a.size -= 1 + item.nested();
                    item
                }
                None => Val::Unit,
            }
        }
        Method::Sort => {
            if !a.items.iter().all(|v| matches!(v, Val::Int(_))) {
                return Err(Bail);
            }
            let a = Arc::make_mut(a);
            a.items.sort_unstable_by_key(|v| match v {
                Val::Int(x) => *x,
                _ => 0,
            });
            Val::Unit
        }
        Method::Reverse => {
            Arc::make_mut(a).items.reverse();
            Val::Unit
        }
    })
}

/// `==` where Rhai's answer is certain: integers, booleans, and arrays of them element by
/// element; values of different kinds are left to Rhai.
fn equal(a: &Val, b: &Val) -> R<bool> {
    Ok(match (a, b) {
        (Val::Int(x), Val::Int(y)) => x == y,
        (Val::Bool(x), Val::Bool(y)) => x == y,
        (Val::Array(x), Val::Array(y)) => {
            if x.items.len() != y.items.len() {
                return Ok(false);
            }
            for (p, q) in x.items.iter().zip(&y.items) {
                if !equal(p, q)? {
                    return Ok(false);
                }
            }
            true
        }
        _ => return Err(Bail),
    })
}

fn binary(op: BinOp, a: Val, b: Val) -> R<Val> {
    use BinOp::*;
    Ok(match (op, a, b) {
        (Eq, a, b) => Val::Bool(equal(&a, &b)?),
        (Ne, a, b) => Val::Bool(!equal(&a, &b)?),
        (Add, Val::Array(x), Val::Array(y)) => {
            let mut items = x.items.clone();
            items.extend(y.items.iter().cloned());
            Val::Array(Arc::new(checked(Arr { items, size: x.size + y.size })?))
        }
        (And, Val::Bool(x), Val::Bool(y)) => Val::Bool(x & y),
        (Or, Val::Bool(x), Val::Bool(y)) => Val::Bool(x | y),
        (Xor, Val::Bool(x), Val::Bool(y)) => Val::Bool(x ^ y),
        (op, Val::Int(x), Val::Int(y)) => match op {
            Add => Val::Int(x.checked_add(y).ok_or(Bail)?),
            Sub => Val::Int(x.checked_sub(y).ok_or(Bail)?),
            Mul => Val::Int(x.checked_mul(y).ok_or(Bail)?),
            Div => Val::Int(x.checked_div(y).ok_or(Bail)?),
            Rem => Val::Int(x.checked_rem(y).ok_or(Bail)?),
            Pow => {
                let e = u32::try_from(y).map_err(|_| Bail)?;
                Val::Int(x.checked_pow(e).ok_or(Bail)?)
            }
            // Only shifts that lose no bits and move no sign: Rhai's rules past them are its own.
            Shl if (0..63).contains(&y) && x >= 0 && (x << y) >> y == x => Val::Int(x << y),
            Shr if (0..63).contains(&y) && x >= 0 => Val::Int(x >> y),
            And => Val::Int(x & y),
            Or => Val::Int(x | y),
            Xor => Val::Int(x ^ y),
            Lt => Val::Bool(x < y),
            Le => Val::Bool(x <= y),
            Gt => Val::Bool(x > y),
            Ge => Val::Bool(x >= y),
            Range => Val::Range(x, y, false),
            RangeInclusive => Val::Range(x, y, true),
            _ => return Err(Bail),
        },
        _ => return Err(Bail),
    })
}
