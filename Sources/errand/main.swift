print("errand")
