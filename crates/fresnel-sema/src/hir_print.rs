//! The textual form of the HIR (`fresnel compile --emit hir`): user globals, then functions,
//! one node per line with its type, children indented. Deterministic.

use std::fmt::Write as _;

use fresnel_syntax::intern::Interner;

use crate::constant::ConstValue;
use crate::hir::*;

struct P<'a> {
    m: &'a Module,
    interner: &'a Interner,
    out: String,
    depth: usize,
}

/// Prints a module.
pub fn print_hir(m: &Module, interner: &Interner) -> String {
    let mut p = P {
        m,
        interner,
        out: String::new(),
        depth: 0,
    };
    let stage = m
        .stage
        .map_or("unknown stage".to_string(), |s| s.name().to_string());
    p.line(&format!("module (GLSL {}, {stage})", m.version));
    p.depth += 1;
    for e in &m.stage_layout {
        let v = e.value.map_or(String::new(), |v| format!(" = {v}"));
        p.line(&format!("layout {}{v}", interner.resolve(e.name)));
    }
    for &g in &m.globals {
        let v = m.var(g);
        if v.builtin {
            continue;
        }
        let text = p.var_text(g);
        p.line(&text);
        if let Some(init) = v.init {
            p.depth += 1;
            p.expr(init);
            p.depth -= 1;
        }
    }
    for (i, f) in m.functions.iter().enumerate() {
        let params: Vec<String> = f.params.iter().map(|v| p.var_text(*v)).collect();
        let kind = if f.body.is_some() {
            "function"
        } else {
            "declared function"
        };
        p.line(&format!(
            "{kind} #{i} {}({}) -> {}",
            interner.resolve(f.name),
            params.join(", "),
            p.ty(f.ret)
        ));
        if let Some(b) = f.body {
            p.depth += 1;
            p.stmt(b);
            p.depth -= 1;
        }
    }
    p.out
}

impl P<'_> {
    fn line(&mut self, s: &str) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn ty(&self, t: crate::types::TypeId) -> String {
        self.m.types.display(t, self.interner)
    }

    fn var_text(&self, id: VarId) -> String {
        let v = self.m.var(id);
        let storage = match v.storage {
            Storage::Local => "local".to_string(),
            Storage::Global => "global".to_string(),
            Storage::Const => "const".to_string(),
            Storage::In => "in".to_string(),
            Storage::Out => "out".to_string(),
            Storage::Uniform => "uniform".to_string(),
            Storage::Buffer => "buffer".to_string(),
            Storage::Shared => "shared".to_string(),
            Storage::Param(d) => match d {
                ParamDir::In => "in".to_string(),
                ParamDir::Out => "out".to_string(),
                ParamDir::InOut => "inout".to_string(),
                ParamDir::ConstIn => "const in".to_string(),
            },
            Storage::Ext(s) => self.interner.resolve(s).to_string(),
        };
        let mut q = String::new();
        if let Some(p) = v.quals.precision {
            let _ = write!(q, " {}", p.name());
        }
        if let Some(i) = v.quals.interp {
            let _ = write!(
                q,
                " {}",
                match i {
                    Interp::Smooth => "smooth",
                    Interp::Flat => "flat",
                    Interp::NoPerspective => "noperspective",
                }
            );
        }
        if v.quals.invariant {
            q.push_str(" invariant");
        }
        if !v.quals.layout.is_empty() {
            let l: Vec<String> = v
                .quals
                .layout
                .iter()
                .map(|e| match e.value {
                    Some(x) => format!("{}={x}", self.interner.resolve(e.name)),
                    None => self.interner.resolve(e.name).to_string(),
                })
                .collect();
            let _ = write!(q, " layout({})", l.join(", "));
        }
        format!(
            "var #{} {storage}{q} {} {}",
            id.0,
            self.ty(v.ty),
            self.interner.resolve(v.name)
        )
    }

    fn stmt(&mut self, id: StmtId) {
        let s = self.m.stmt(id).kind.clone();
        match s {
            StmtKind::Block(items) => {
                self.line("block");
                self.depth += 1;
                for i in items {
                    self.stmt(i);
                }
                self.depth -= 1;
            }
            StmtKind::Expr(e) => {
                self.line("expr");
                self.nested_expr(e);
            }
            StmtKind::Decl(vars) => {
                for v in vars {
                    let text = self.var_text(v);
                    self.line(&format!("decl {text}"));
                    if let Some(init) = self.m.var(v).init {
                        self.nested_expr(init);
                    }
                }
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                self.line("if");
                self.nested_expr(cond);
                self.depth += 1;
                self.stmt(then_branch);
                if let Some(e) = else_branch {
                    self.line("else");
                    self.stmt(e);
                }
                self.depth -= 1;
            }
            StmtKind::Switch { selector, body } => {
                self.line("switch");
                self.nested_expr(selector);
                self.depth += 1;
                for b in body {
                    self.stmt(b);
                }
                self.depth -= 1;
            }
            StmtKind::Case(c) => self.line(&format!("case {}", const_text(&c))),
            StmtKind::Default => self.line("default"),
            StmtKind::While { cond, body, .. } => {
                self.line("while");
                self.nested_expr(cond);
                self.depth += 1;
                self.stmt(body);
                self.depth -= 1;
            }
            StmtKind::DoWhile { body, cond } => {
                self.line("do");
                self.depth += 1;
                self.stmt(body);
                self.depth -= 1;
                self.line("while");
                self.nested_expr(cond);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
                ..
            } => {
                self.line("for");
                self.depth += 1;
                match init {
                    Some(i) => self.stmt(i),
                    None => self.line("no init"),
                }
                match cond {
                    Some(c) => self.expr(c),
                    None => self.line("no condition"),
                }
                match step {
                    Some(s) => self.expr(s),
                    None => self.line("no step"),
                }
                self.stmt(body);
                self.depth -= 1;
            }
            StmtKind::Break => self.line("break"),
            StmtKind::Continue => self.line("continue"),
            StmtKind::Discard => self.line("discard"),
            StmtKind::Return(v) => {
                self.line("return");
                if let Some(e) = v {
                    self.nested_expr(e);
                }
            }
            StmtKind::Demote => self.line("demote"),
            StmtKind::TerminateInvocation => self.line("terminateInvocation"),
            StmtKind::IgnoreIntersection => self.line("ignoreIntersection"),
            StmtKind::TerminateRay => self.line("terminateRay"),
            StmtKind::Empty => self.line("empty"),
        }
    }

    fn nested_expr(&mut self, e: ExprId) {
        self.depth += 1;
        self.expr(e);
        self.depth -= 1;
    }

    fn expr(&mut self, id: ExprId) {
        let e = self.m.expr(id).clone();
        let t = self.ty(e.ty);
        let (head, kids): (String, Vec<ExprId>) = match &e.kind {
            ExprKind::Var(v) => (
                format!(
                    "var #{} {}",
                    v.0,
                    self.interner.resolve(self.m.var(*v).name)
                ),
                vec![],
            ),
            // A specialization-constant expression: the default value, then how code
            // computes it (helper E, issue 5).
            ExprKind::Const(c) => match self.m.spec_unfolded(id) {
                Some(u) => (
                    format!(
                        "const {} (specialization-constant expression)",
                        const_text(c)
                    ),
                    vec![u],
                ),
                None => (format!("const {}", const_text(c)), vec![]),
            },
            ExprKind::Unary(op, a) => (format!("unary {}", op.text()), vec![*a]),
            ExprKind::Binary(op, a, b) => (format!("binary {}", op.text()), vec![*a, *b]),
            ExprKind::Assign { op, lhs, rhs } => (
                format!("assign {}=", op.map_or("", |o| o.text())),
                vec![*lhs, *rhs],
            ),
            ExprKind::Select {
                cond,
                then_expr,
                else_expr,
            } => ("select".into(), vec![*cond, *then_expr, *else_expr]),
            ExprKind::Comma(items) => ("comma".into(), items.clone()),
            ExprKind::Index(a, b) => ("index".into(), vec![*a, *b]),
            ExprKind::Member(a, i) => (format!("member {i}"), vec![*a]),
            ExprKind::Swizzle(a, comps) => {
                let s: String = comps
                    .iter()
                    .map(|c| ['x', 'y', 'z', 'w'][*c as usize])
                    .collect();
                (format!("swizzle .{s}"), vec![*a])
            }
            ExprKind::Call(f, args) => (
                format!(
                    "call #{} {}",
                    f.0,
                    self.interner.resolve(self.m.function(*f).name)
                ),
                args.clone(),
            ),
            ExprKind::SubroutineCall(callee, args) => {
                let mut all = vec![*callee];
                all.extend(args.iter().copied());
                ("subroutine call".into(), all)
            }
            ExprKind::Builtin(b, args) => (format!("builtin {}", b.name), args.clone()),
            ExprKind::Construct(_, args) => ("construct".into(), args.clone()),
            ExprKind::Convert(a) => ("convert".into(), vec![*a]),
            ExprKind::ArrayLength(a) => ("array length".into(), vec![*a]),
            ExprKind::StrLit(text) => (format!("string {}", self.interner.resolve(*text)), vec![]),
            ExprKind::Error => ("error".into(), vec![]),
        };
        let prec = e
            .precision
            .map_or(String::new(), |p| format!(" {}", p.name()));
        self.line(&format!("{head} : {t}{prec}"));
        self.depth += 1;
        for k in kids {
            self.expr(k);
        }
        self.depth -= 1;
    }
}

/// A constant as text (`1.5`, `(1, 2, 3)`).
pub fn const_text(c: &ConstValue) -> String {
    match c {
        ConstValue::Bool(b) => b.to_string(),
        ConstValue::I8(v) => v.to_string(),
        ConstValue::I16(v) => v.to_string(),
        ConstValue::I32(v) => v.to_string(),
        ConstValue::I64(v) => v.to_string(),
        ConstValue::U8(v) => format!("{v}u"),
        ConstValue::U16(v) => format!("{v}u"),
        ConstValue::U32(v) => format!("{v}u"),
        ConstValue::U64(v) => format!("{v}ul"),
        ConstValue::F16(v) => format!("{v:?}hf"),
        ConstValue::F32(v) => format!("{v:?}"),
        ConstValue::F64(v) => format!("{v:?}lf"),
        ConstValue::Composite(v) => {
            let parts: Vec<String> = v.iter().map(const_text).collect();
            format!("({})", parts.join(", "))
        }
    }
}
